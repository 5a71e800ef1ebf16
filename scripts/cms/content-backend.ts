/**
 * The editor's backend on this machine (EDIT-6): the requests Decap's proxy
 * backend sends (decap-cms-backend-proxy), answered as decap-server answers
 * them in its file-system mode, but with every path held to editable-files.ts.
 * A request names every file it will touch before any is touched, so a refused
 * path in a save leaves the disk as it was.
 */
import { createHash } from "node:crypto";
import { basename } from "node:path";
import { z } from "zod";
import { EDITED_FOLDERS } from "./editor-api.ts";
import { editableFile, editableTree, Refusal } from "./editable-files.ts";

const dataFile = z.looseObject({ path: z.string(), raw: z.string(), newPath: z.string().optional() });
const asset = z.looseObject({ path: z.string(), content: z.string(), encoding: z.literal("base64") });

/** The actions of Decap's simple publish mode; the editorial workflow's are the Git provider's, hosted. */
const request = z.discriminatedUnion("action", [
  z.looseObject({ action: z.literal("info") }),
  z.looseObject({ action: z.literal("entriesByFolder"), params: z.looseObject({ folder: z.string(), extension: z.string().regex(/^\w{1,8}$/), depth: z.int().min(1).max(4) }) }),
  z.looseObject({ action: z.literal("entriesByFiles"), params: z.looseObject({ files: z.array(z.looseObject({ path: z.string(), label: z.string().optional() })).max(500) }) }),
  z.looseObject({ action: z.literal("getEntry"), params: z.looseObject({ path: z.string() }) }),
  z.looseObject({ action: z.literal("persistEntry"), params: z.looseObject({ dataFiles: z.array(dataFile).min(1).max(20), assets: z.array(asset).max(20).default([]) }) }),
  z.looseObject({ action: z.literal("getMedia"), params: z.looseObject({ mediaFolder: z.string() }) }),
  z.looseObject({ action: z.literal("getMediaFile"), params: z.looseObject({ path: z.string() }) }),
  z.looseObject({ action: z.literal("persistMedia"), params: z.looseObject({ asset }) }),
  z.looseObject({ action: z.literal("deleteFile"), params: z.looseObject({ path: z.string() }) }),
  z.looseObject({ action: z.literal("deleteFiles"), params: z.looseObject({ paths: z.array(z.string()).min(1).max(50) }) }),
  z.looseObject({ action: z.literal("getDeployPreview") }),
]);

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Decap's view of a file of the media folder. */
const mediaFile = (path: string, bytes: Buffer) => ({ id: sha256(bytes), content: bytes.toString("base64"), encoding: "base64", path, name: basename(path) });

/** A content file or a picture: which area a path Decap deletes belongs to. */
const areaOf = (path: string) => (path.startsWith(`${EDITED_FOLDERS.media}/`) ? "media" : "content");

/** The answer to one request of the editor's page, or a Refusal (4xx). */
export function contentBackend(root: string) {
  const tree = editableTree(root);

  async function entry(path: string, label?: string) {
    const bytes = await tree.read(path, "content");
    return { data: bytes?.toString("utf8") ?? null, file: { path, label, id: bytes ? sha256(bytes) : null } };
  }

  return async function answer(body: unknown): Promise<unknown> {
    const parsed = request.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join(".") ?? "";
      throw new Refusal(400, where === "action" ? "unknown action" : `${where || "the request"}: ${issue?.message ?? "is not what the editor sends"}`);
    }
    const call = parsed.data;
    switch (call.action) {
      case "info":
        return { repo: basename(root), publish_modes: ["simple"], type: "local_fs" };
      case "entriesByFolder": {
        const { folder, extension, depth } = call.params;
        const files = await tree.list(folder, "content", `.${extension}`, depth);
        return files.map(({ path, bytes }) => ({ data: bytes.toString("utf8"), file: { path, id: sha256(bytes) } }));
      }
      case "entriesByFiles": {
        // Every path is checked before any file is read, so a refused one returns nothing at all.
        for (const file of call.params.files) editableFile(file.path, "content");
        return Promise.all(call.params.files.map((file) => entry(file.path, file.label)));
      }
      case "getEntry":
        return entry(call.params.path);
      case "persistEntry": {
        const { dataFiles, assets } = call.params;
        for (const file of dataFiles) {
          editableFile(file.path, "content");
          if (file.newPath !== undefined) editableFile(file.newPath, "content");
        }
        for (const file of assets) editableFile(file.path, "media");
        for (const file of dataFiles) await tree.write(file.path, "content", file.raw);
        for (const file of assets) await tree.write(file.path, "media", Buffer.from(file.content, "base64"));
        // Only the entry's own file moves; decap-server also moved every other file of its folder.
        for (const file of dataFiles) if (file.newPath !== undefined && file.newPath !== file.path) await tree.rename(file.path, file.newPath, "content");
        return { message: "entry persisted" };
      }
      case "getMedia": {
        const files = await tree.list(call.params.mediaFolder, "media", "", 1);
        return files.map(({ path, bytes }) => mediaFile(path, bytes));
      }
      case "getMediaFile": {
        const bytes = await tree.read(call.params.path, "media");
        if (!bytes) throw new Refusal(404, `${call.params.path}: no such file`);
        return mediaFile(call.params.path, bytes);
      }
      case "persistMedia": {
        const { path, content } = call.params.asset;
        const bytes = Buffer.from(content, "base64");
        await tree.write(path, "media", bytes);
        return mediaFile(path, bytes);
      }
      case "deleteFile":
      case "deleteFiles": {
        const paths = call.action === "deleteFile" ? [call.params.path] : call.params.paths;
        for (const path of paths) editableFile(path, areaOf(path));
        for (const path of paths) await tree.remove(path, areaOf(path));
        return { message: `deleted ${paths.join(", ")}` };
      }
      case "getDeployPreview":
        return null;
    }
  };
}
