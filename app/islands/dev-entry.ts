/**
 * The development server's island script: every island's code on demand,
 * from source, on React DOM (the production build bundles per page and runs
 * preact/compat; scripts/build/lib/islands.ts).
 */
import { startIslands, type IslandLoader, type IslandModule } from "./runtime.ts";

const modules = import.meta.glob<IslandModule>("./*.island.tsx");
const loaders: Record<string, IslandLoader> = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => [/\.\/(.+)\.island\.tsx$/.exec(file)?.[1] ?? file, load]),
);

startIslands(loaders);
