import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { append, tokensDetail, verify, type AuditLog } from "../../app/lib/playground/audit-log.ts";
import { detect, type Finding, type FindingType } from "../../app/lib/playground/detectors.ts";
import { phoneCountry } from "../../app/lib/playground/phone-numbers.ts";
import { approveGrant, askForGrant, decideReveal, maskValue, type Grant, type GrantRequest } from "../../app/lib/playground/policy.ts";
import { privateAiAnswer } from "../../app/lib/playground/private-ai.ts";
import { SAMPLE_PEOPLE, SAMPLE_TEXTS } from "../../app/lib/playground/sample-texts.ts";
import { Vault } from "../../app/lib/playground/tokens.ts";

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const PLAYGROUND = "app/lib/playground";

/** The only values of each type the samples may hold: reserved, published test or example values. */
const FICTIONAL: Readonly<Record<FindingType, (value: string) => boolean>> = {
  email: (value) => /@example\.(?:org|com)$/.test(value),
  card: (value) => ["4111111111111111", "5555555555554444", "378282246310005"].includes(value.replace(/\D/g, "")),
  aadhaar: (value) => value === "2345 6789 0124",
  ssn: (value) => value === "219-09-9999",
  iban: (value) => ["GB82WEST12345698765432", "DE89370400440532013000"].includes(value.replace(/ /g, "")),
  pan: (value) => value === "ABCPE1234F",
  phone: (value) => {
    const digits = value.replace(/\D/g, "");
    return /55501\d\d$/.test(digits) || /^07700900\d{3}$/.test(digits) || digits === "919876543210" || digits === "971501234567";
  },
  ipv4: (value) => /^(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d+$/.test(value),
  ipv6: (value) => value.toLowerCase().startsWith("2001:db8:"),
  dob: () => true,
  name: (value) => (SAMPLE_PEOPLE as readonly string[]).includes(value),
};

function typesIn(findings: readonly Finding[]): FindingType[] {
  return [...new Set(findings.map((finding) => finding.type))].sort();
}

describe("PLAY-8 samples are fictional and cover the acceptance flow", () => {
  it("offers a support ticket, a patient note, an order record and an LLM prompt", () => {
    expect(SAMPLE_TEXTS.map((sample) => sample.id)).toEqual(["support-ticket", "patient-note", "order-record", "llm-prompt"]);
    for (const sample of SAMPLE_TEXTS) expect(sample.title.length).toBeGreaterThan(3);
  });

  it.each(SAMPLE_TEXTS.map((sample) => [sample.id, sample] as const))("%s holds only reserved or published example values", (_id, sample) => {
    const findings = detect(sample.text, NOW);
    expect(findings.length).toBeGreaterThanOrEqual(4);
    for (const finding of findings) expect(FICTIONAL[finding.type](finding.value), `${finding.type} ${finding.value}`).toBe(true);
  });

  it("covers every type across the four samples", () => {
    const all = SAMPLE_TEXTS.flatMap((sample) => detect(sample.text, NOW));
    expect(typesIn(all)).toEqual(["aadhaar", "card", "dob", "email", "iban", "ipv4", "ipv6", "name", "pan", "phone", "ssn"]);
    // Every person a sample names is found, so none reaches the stand-in model in clear.
    expect(all.filter((finding) => finding.type === "name").map((finding) => finding.value)).toEqual([...SAMPLE_PEOPLE]);
  });

  it("has the issue's ticket: an Indian phone number, an Aadhaar number and a card", () => {
    const ticket = SAMPLE_TEXTS.find((sample) => sample.id === "support-ticket")!;
    const findings = detect(ticket.text, NOW);
    expect(findings.filter((finding) => finding.type === "phone").map((finding) => phoneCountry(finding.value))).toEqual(["IN"]);
    expect(typesIn(findings)).toEqual(expect.arrayContaining(["aadhaar", "card", "phone"]));
  });

  it("runs the ticket through detect, tokenize, the stand-in model and a reveal per role", async () => {
    const ticket = SAMPLE_TEXTS.find((sample) => sample.id === "support-ticket")!;
    const findings = detect(ticket.text, NOW);
    const vault = new Vault();
    const tokenized = await vault.tokenize(ticket.text, findings, "deterministic");
    for (const finding of findings) expect(tokenized.text).not.toContain(finding.value);

    const answer = privateAiAnswer(tokenized.text, tokenized.replacements);
    const token = (type: FindingType): string => tokenized.replacements.find((replacement) => replacement.type === type)!.token;
    expect(answer.startsWith(`Draft reply to ${token("name")} (${token("email")}):`)).toBe(true);
    expect(answer).toContain("card ending 1111");
    expect(answer).toContain(token("aadhaar"));
    expect(answer).toContain(token("phone"));
    for (const finding of findings) expect(answer).not.toContain(finding.value);

    let log: AuditLog = await append([], { at: NOW, action: "tokenize", role: "privacy-officer", detail: tokensDetail(tokenized.replacements) });
    const asked = askForGrant("privacy-officer", "Reply to the ticket", "you", NOW) as { pending: GrantRequest };
    const grant = approveGrant(asked.pending, "data-protection-lead", NOW) as Grant;
    const decision = decideReveal({ role: "privacy-officer", purpose: "Reply to the ticket", grant, now: NOW + 1_000 });
    expect(decision.allowed).toBe(true);
    const revealed = vault.replaceTokens(answer, ({ value }) => value);
    expect(revealed).toContain("asha.verma@example.org");
    expect(revealed).toContain("2345 6789 0124");
    expect(revealed).toContain("+91 98765 43210");
    log = await append(log, { at: NOW + 1_000, action: "reveal", role: "privacy-officer", detail: tokensDetail(tokenized.replacements) });

    const masked = vault.replaceTokens(answer, (subject) => maskValue(subject));
    expect(masked).toContain("a•••@example.org");
    expect(masked).toContain("•••• 1111");
    expect(masked).not.toContain("2345 6789 0124");

    const late = decideReveal({ role: "privacy-officer", purpose: "Reply to the ticket", grant, now: NOW + 60_000 });
    expect(late.allowed).toBe(false);
    log = await append(log, { at: NOW + 60_000, action: "deny", role: "privacy-officer", detail: late.reason });
    expect(await verify(log)).toEqual({ ok: true });
    for (const finding of findings) expect(JSON.stringify(log)).not.toContain(finding.value);
  });

  it("gives every sample an answer that names its tokens only", async () => {
    for (const sample of SAMPLE_TEXTS) {
      const findings = detect(sample.text, NOW);
      const tokenized = await new Vault().tokenize(sample.text, findings, "random");
      const answer = privateAiAnswer(tokenized.text, tokenized.replacements);
      expect(answer, sample.id).toMatch(/^Draft reply/);
      for (const finding of findings) expect(answer, sample.id).not.toContain(finding.value);
    }
  });

  it("uses browser APIs only: no Node modules, storage, network, eval or WebAssembly", () => {
    const sources = readdirSync(PLAYGROUND).filter((file) => file.endsWith(".ts"));
    expect(sources.length).toBeGreaterThanOrEqual(7);
    for (const file of sources) {
      const source = readFileSync(`${PLAYGROUND}/${file}`, "utf8");
      expect(source, file).not.toMatch(/from "node:|\bBuffer\b|\bprocess\.|localStorage|sessionStorage|indexedDB|document\.cookie|\bfetch\(|XMLHttpRequest|\beval\(|new Function|WebAssembly/);
    }
  });
});
