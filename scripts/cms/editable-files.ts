/**
 * The files the editor's backend may touch (EDIT-6), and the only code that
 * touches them: content files (YAML or Markdown) under content/, and pictures
 * directly in the media folder. A path is taken as Decap names it, relative to
 * the project, and refused unless it is plainly one of those. Nothing is
 * decoded, so `%2e%2e` is a name with a character no file name here has;
 * `.` and `..` segments, hidden files, absolute and backslashed paths are
 * refused by the same rule. On disk, no step of the way may be a symbolic
 * link, and files are opened with O_NOFOLLOW, so a link planted in content/
 * cannot lead out of it. A file is written whole beside its place and renamed
 * over it, so the dev server and the build never read half a file, and a
 * hard link planted in content/ is replaced, never written through.
 */
import { randomBytes } from "node:crypto";
import { constants, promises as fs, realpathSync, type Dirent } from "node:fs";
import { join } from "node:path";
import { EDITED_FOLDERS } from "./editor-api.ts";

/** A request the backend refuses: its status (always 4xx) and a sentence saying why. */
export class Refusal extends Error {
  readonly status: 400 | 403 | 404 | 409 | 413 | 415;
  constructor(status: Refusal["status"], message: string) {
    super(message);
    this.status = status;
  }
}

export type Area = keyof typeof EDITED_FOLDERS;

const AREAS: Record<Area, { folder: readonly string[]; extensions: readonly string[]; nested: boolean }> = {
  // Pages live in content/ and its folders (content/trust/documents/…).
  content: { folder: EDITED_FOLDERS.content.split("/"), extensions: [".yaml", ".md"], nested: true },
  // Pictures only, straight in the folder: the site publishes this folder as it is.
  media: { folder: EDITED_FOLDERS.media.split("/"), extensions: [".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif"], nested: false },
};

/** A file or folder name as Decap writes them with ASCII slugs: it starts with a letter, digit or underscore. */
const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.~-]*$/;
const MAX_PATH = 240;
const MAX_DEPTH = 6;

/** `path`'s names, or a 400 saying what is wrong with it; only names NAME allows, so no `.`, `..`, `/…`, `\`, `%` or NUL. */
function namesOf(path: unknown): string[] {
  if (typeof path !== "string" || path === "") throw new Refusal(400, "a path is missing");
  if (path.length > MAX_PATH) throw new Refusal(400, `a path is longer than ${MAX_PATH} characters`);
  const names = path.split("/");
  const bad = names.find((name) => !NAME.test(name));
  if (bad !== undefined) throw new Refusal(400, `${JSON.stringify(path)}: not a plain relative path (letters, digits, "_", ".", "~", "-" in names separated by "/"; no "..", no absolute or hidden path, nothing encoded)`);
  if (names.length > MAX_DEPTH) throw new Refusal(400, `${JSON.stringify(path)}: deeper than the content folders go`);
  return names;
}

const codeOf = (error: unknown) => (error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined);

const outside = (path: string) => new Refusal(403, `${JSON.stringify(path)}: the editor reads and writes only ${EDITED_FOLDERS.content}/ (YAML and Markdown) and ${EDITED_FOLDERS.media}/ (pictures)`);

const under = (names: readonly string[], folder: readonly string[]) => folder.every((name, index) => names[index] === name);

/** The names of an editable file of `area`, or the refusal. */
export function editableFile(path: unknown, area: Area): string[] {
  const names = namesOf(path);
  const { folder, extensions, nested } = AREAS[area];
  const file = names.at(-1) ?? "";
  const placed = under(names, folder) && (nested ? names.length > folder.length : names.length === folder.length + 1);
  if (!placed || !extensions.some((extension) => file.toLowerCase().endsWith(extension))) throw outside(String(path));
  return names;
}

/** The names of a folder of `area` the editor may list, or the refusal. */
export function editableFolder(path: unknown, area: Area): string[] {
  const names = namesOf(path);
  const { folder, nested } = AREAS[area];
  if (!under(names, folder) || (!nested && names.length !== folder.length)) throw outside(String(path));
  return names;
}

/** A file of an area as the backend hands it to Decap. */
export interface FoundFile {
  path: string;
  bytes: Buffer;
}

/**
 * The editable files of the project at `root`. Each method takes a path as
 * Decap sends it, refuses it unless editableFile/editableFolder allow it,
 * and walks to it one name at a time, refusing a symbolic link at any step.
 */
export function editableTree(root: string) {
  const base = realpathSync(root);

  /**
   * Checks each step of `names` below the root: folders, and a plain file
   * at the end if `to` is "file". Returns how many steps exist; with `make`,
   * makes the missing folders before the file, so the first news item can
   * make content/news/.
   */
  async function walk(names: readonly string[], path: string, to: "file" | "folder", make = false): Promise<number> {
    for (let index = 0; index < names.length; index++) {
      const step = join(base, ...names.slice(0, index + 1));
      const atFile = to === "file" && index === names.length - 1;
      const found = await fs.lstat(step).catch((error: unknown) => {
        if (codeOf(error) === "ENOENT") return undefined;
        throw error;
      });
      if (!found) {
        if (!make || atFile) return index;
        await fs.mkdir(step);
        continue;
      }
      if (found.isSymbolicLink()) throw new Refusal(403, `${JSON.stringify(path)}: passes through a symbolic link, which the editor does not follow`);
      // A pipe or a device would hang or leak on open; only plain files are content.
      if (atFile && !found.isFile()) throw new Refusal(403, `${JSON.stringify(path)}: not a file`);
      if (!atFile && !found.isDirectory()) throw new Refusal(403, `${JSON.stringify(path)}: ${names.slice(0, index + 1).join("/")} is not a folder`);
    }
    return names.length;
  }

  /** Opens a file walk() checked; O_NOFOLLOW and O_NONBLOCK, should it have been swapped for a link or a pipe since. */
  async function open(names: readonly string[], flags: number): Promise<fs.FileHandle> {
    const handle = await fs.open(join(base, ...names), flags | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644).catch((error: unknown) => {
      if (codeOf(error) === "ELOOP" || codeOf(error) === "ENXIO") throw new Refusal(403, `${names.join("/")}: not a file`);
      throw error;
    });
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new Refusal(403, `${names.join("/")}: not a file`);
    }
    return handle;
  }

  async function readNames(names: readonly string[], path: string): Promise<Buffer | undefined> {
    if ((await walk(names, path, "file")) < names.length) return undefined;
    const handle = await open(names, constants.O_RDONLY);
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  async function listNames(names: readonly string[], depth: number, keep: (name: string) => boolean): Promise<string[]> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(join(base, ...names), { withFileTypes: true });
    } catch (error) {
      if (codeOf(error) === "ENOENT") return [];
      throw error;
    }
    const found: string[] = [];
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      // Links and odd names are left out, as they could not be read.
      if (!NAME.test(entry.name) || entry.isSymbolicLink()) continue;
      if (entry.isDirectory() && depth > 1) found.push(...(await listNames([...names, entry.name], depth - 1, keep)));
      else if (entry.isFile() && keep(entry.name)) found.push([...names, entry.name].join("/"));
    }
    return found;
  }

  return {
    /** The file's bytes, or undefined when there is no such file. */
    async read(path: unknown, area: Area): Promise<Buffer | undefined> {
      return readNames(editableFile(path, area), String(path));
    },

    /** The files in `folder` (and its folders, to `depth`) whose names end in `.extension`, with their bytes. */
    async list(folder: unknown, area: Area, extension: string, depth: number): Promise<FoundFile[]> {
      const names = editableFolder(folder, area);
      if ((await walk(names, String(folder), "folder")) < names.length) return [];
      const paths = await listNames(names, depth, (name) => name.endsWith(extension));
      const files: FoundFile[] = [];
      for (const path of paths) {
        const fileNames = path.split("/");
        // Only what editableFile would let the editor open: no pictures among the pages, no pages among the pictures.
        if (!isEditable(path, area)) continue;
        const bytes = await readNames(fileNames, path);
        if (bytes) files.push({ path, bytes });
      }
      return files;
    },

    /**
     * Writes the bytes to a new hidden file in the same folder (a name NAME
     * refuses, so no listing shows it and no request can reach it), flushes
     * them, and renames it over the file: whoever reads the path sees the old
     * file or the new one, whole.
     */
    async write(path: unknown, area: Area, bytes: string | Buffer): Promise<void> {
      const names = editableFile(path, area);
      await walk(names, String(path), "file", true);
      const draft = [...names.slice(0, -1), `.${names.at(-1) ?? ""}.${randomBytes(6).toString("hex")}.draft`];
      const handle = await open(draft, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL);
      try {
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(join(base, ...draft), join(base, ...names));
      } catch (error) {
        await fs.rm(join(base, ...draft), { force: true });
        throw error;
      }
    },

    /** Removes the file; a file that is not there is already removed. */
    async remove(path: unknown, area: Area): Promise<void> {
      const names = editableFile(path, area);
      if ((await walk(names, String(path), "file")) < names.length) return;
      await fs.unlink(join(base, ...names));
    },

    /** Renames a file within its folder; an entry's new name must not be another entry's. */
    async rename(from: unknown, to: unknown, area: Area): Promise<void> {
      const source = editableFile(from, area);
      const target = editableFile(to, area);
      if (source.slice(0, -1).join("/") !== target.slice(0, -1).join("/")) throw new Refusal(403, `${String(to)}: an entry is renamed within its own folder`);
      if ((await walk(source, String(from), "file")) < source.length) throw new Refusal(404, `${String(from)}: no such file`);
      if ((await walk(target, String(to), "file")) === target.length) throw new Refusal(409, `${String(to)}: already exists`);
      await fs.rename(join(base, ...source), join(base, ...target));
    },
  };
}

function isEditable(path: string, area: Area): boolean {
  try {
    editableFile(path, area);
    return true;
  } catch {
    return false;
  }
}

export type EditableTree = ReturnType<typeof editableTree>;
