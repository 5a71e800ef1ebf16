/**
 * The landing pages as the route table reads them in a browser bundle (the
 * header's menus are an island): package.json's "#landing-files" picks this
 * module there, landing-files.server.ts everywhere else. The build's content
 * plugin (scripts/build/lib/content-files-plugin.ts) validates the files and
 * hands over the finished entries, so neither a file's other words nor the
 * code that orders them reaches the browser.
 */
export { landingPages } from "virtual:landing-pages";
