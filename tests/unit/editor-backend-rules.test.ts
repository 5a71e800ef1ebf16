import { describe, expect, it } from "vitest";
import { editableFile, editableFolder, Refusal } from "../../scripts/cms/editable-files.ts";
import { EDITOR_KEY_HEADER } from "../../scripts/cms/editor-api.ts";
import { backendRefusal, hostRefusal, isEditorKey, newEditorKey } from "../../scripts/cms/editor-guard.ts";

const statusOf = (attempt: () => unknown) => {
  try {
    attempt();
    return 200;
  } catch (error) {
    if (error instanceof Refusal) return error.status;
    throw error;
  }
};

describe("EDIT-6 the editor's backend: which paths it takes", () => {
  it("takes content files under content/ and pictures straight in the media folder", () => {
    expect(editableFile("content/company.yaml", "content")).toEqual(["content", "company.yaml"]);
    expect(editableFile("content/trust/documents/soc-2-report.yaml", "content")).toHaveLength(4);
    expect(editableFile("content/posts/tokenization-vs-encryption.md", "content")).toHaveLength(3);
    expect(editableFile("public/uploads/diagram.png", "media")).toEqual(["public", "uploads", "diagram.png"]);
    expect(editableFolder("content/posts", "content")).toEqual(["content", "posts"]);
    expect(editableFolder("public/uploads", "media")).toEqual(["public", "uploads"]);
  });

  it.each([
    ["../package.json"],
    ["/etc/passwd"],
    ["content/../package.json"],
    ["content/./company.yaml"],
    ["content//company.yaml"],
    ["content/%2e%2e/package.json"],
    ["content/%2E%2E%2Fpackage.json"],
    ["content\\..\\package.json"],
    ["content/company.yaml\u0000.png"],
    ["content/.hidden.yaml"],
    ["content/posts/"],
    ["content/ｃompany.yaml"],
    ["content/company.yaml/"],
    [""],
    [`content/${"a/".repeat(10)}x.yaml`],
  ])("refuses %j as no plain path (400)", (path) => {
    expect(statusOf(() => editableFile(path, "content"))).toBe(400);
  });

  it.each([
    ["package.json", "content"],
    ["README.md", "content"],
    ["data/leads.sqlite", "content"],
    ["link-signing.key", "content"],
    ["scripts/cms/run.ts", "content"],
    ["content/PROBE.ts", "content"],
    ["content", "content"],
    ["contents/company.yaml", "content"],
    ["public/uploads/page.yaml", "content"],
    ["public/uploads/PROBE.ts", "media"],
    ["public/uploads/drawing.svg", "media"],
    ["public/uploads/nested/a.png", "media"],
    ["public/a.png", "media"],
    ["content/company.yaml", "media"],
  ] as const)("refuses %j in %s as outside what the editor edits (403)", (path, area) => {
    expect(statusOf(() => editableFile(path, area))).toBe(403);
  });

  it("lists only folders of its area", () => {
    for (const folder of [".", "data", "scripts", "public", "public/uploads/x"]) expect(statusOf(() => editableFolder(folder, folder.startsWith("public") ? "media" : "content"))).toBeGreaterThanOrEqual(400);
    expect(statusOf(() => editableFolder("content/..", "content"))).toBe(400);
  });
});

describe("EDIT-6 the editor's backend: who may call it", () => {
  const key = newEditorKey();
  const port = 5173;
  const thePage = { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, "sec-fetch-site": "same-origin", "content-type": "application/json; charset=utf-8", [EDITOR_KEY_HEADER]: key };

  it("makes a key of 256 random bits each run", () => {
    expect(isEditorKey(key)).toBe(true);
    expect(newEditorKey()).not.toBe(key);
    expect(isEditorKey("secret")).toBe(false);
    expect(isEditorKey(undefined)).toBe(false);
  });

  it("answers the editor's page, at 127.0.0.1 or localhost", () => {
    expect(backendRefusal("POST", thePage, port, key)).toBeUndefined();
    expect(backendRefusal("POST", { ...thePage, host: `localhost:${port}`, origin: `http://localhost:${port}` }, port, key)).toBeUndefined();
    // A program on the machine with the key sends no Origin; the key is what counts.
    const { origin: _origin, "sec-fetch-site": _site, ...withoutBrowserHeaders } = thePage;
    expect(backendRefusal("POST", withoutBrowserHeaders, port, key)).toBeUndefined();
  });

  it.each([
    ["no key", { [EDITOR_KEY_HEADER]: undefined }, 403],
    ["a wrong key", { [EDITOR_KEY_HEADER]: newEditorKey() }, 403],
    ["a rebinding page's Host", { host: `rebind.example:${port}`, origin: `http://rebind.example:${port}` }, 403],
    ["another address", { host: `10.0.0.7:${port}`, origin: `http://10.0.0.7:${port}` }, 403],
    ["a localhost subdomain", { host: `vault.localhost:${port}`, origin: `http://vault.localhost:${port}` }, 403],
    ["another port", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }, 403],
    ["no Host", { host: undefined }, 403],
    ["another origin", { origin: "http://localhost:3000" }, 403],
    ["https origin", { origin: `https://127.0.0.1:${port}` }, 403],
    ["another site", { "sec-fetch-site": "same-site" }, 403],
    ["a form post", { "content-type": "text/plain" }, 415],
  ] as const)("refuses %s", (_, change, status) => {
    expect(backendRefusal("POST", { ...thePage, ...change }, port, key)?.status).toBe(status);
  });

  it("takes POST only, and refuses a foreign Host on every page of the editor", () => {
    expect(backendRefusal("GET", thePage, port, key)?.status).toBe(405);
    expect(hostRefusal({ host: `127.0.0.1:${port}` }, port)).toBeUndefined();
    expect(hostRefusal({ host: `rebind.example:${port}` }, port)?.status).toBe(403);
  });
});
