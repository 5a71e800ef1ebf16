/**
 * The Trust Center's files (TRUST-3, TRUST-5): the public security overview
 * under /downloads/, and, outside build/client where no static host can serve
 * them, the gated documents unstamped, the stamp's fonts and the manifest the
 * server reads at start (build/private/trust).
 */
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { architecturePage, featuresPage, ndaTerms, trustDocument, trustPage } from "../../../app/content/pages.server.ts";
import { securityOverview } from "../../../common/downloads.ts";
import { PRIVATE_BUILD_DIR, TRUST_MANIFEST_FILE, TRUST_PRIVATE_DIR, type TrustManifest } from "../../../common/trust-center.ts";
import { writeStampFonts } from "./stamp-fonts.ts";
import { markdownDocumentPdf, securityOverviewPdf } from "./trust-documents-pdf.ts";
import type { PdfContext } from "./pdf-writer.ts";

export async function writeTrustFiles(build: string, client: string, context: PdfContext): Promise<{ overviewBytes: number; gated: number }> {
  const overview = await securityOverviewPdf(trustPage, { features: featuresPage.blocks, architecture: architecturePage.blocks }, context);
  await mkdir(join(client, dirname(securityOverview.path)), { recursive: true });
  await writeFile(join(client, securityOverview.path), overview);

  const dir = join(build, PRIVATE_BUILD_DIR, TRUST_PRIVATE_DIR);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const documents: TrustManifest["documents"] = [];
  for (const item of trustPage.documents.items) {
    if (item.access !== "on request") continue;
    const source = trustDocument(item.id);
    const file = `veilvault-${item.id}-${source.data.version}.pdf`;
    await writeFile(join(dir, file), await markdownDocumentPdf(source, context));
    documents.push({ id: item.id, title: item.title, file });
  }
  const stampFonts = await writeStampFonts(dir);
  const manifest: TrustManifest = {
    documents,
    // The hash of the terms as a reader sees them: the Markdown the page renders.
    nda: { version: ndaTerms.data.version, sha256: createHash("sha256").update(ndaTerms.body).digest("hex") },
    stampFonts,
  };
  await writeFile(join(dir, TRUST_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return { overviewBytes: overview.length, gated: documents.length };
}
