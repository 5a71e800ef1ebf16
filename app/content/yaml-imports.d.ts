// A content file imported by a module the browser runs: the build's content plugin
// (scripts/build/lib/content-files-plugin.ts) validates it and hands over its data.
declare module "*.yaml" {
  const data: unknown;
  export default data;
}
