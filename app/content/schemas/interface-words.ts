/**
 * The words of the site's interface, as content/interface.yaml holds them
 * (EDIT-1, EDIT-2): the skip link, header, footer, consent banner, forms,
 * dialogs and the playground's tool. Components name them by key through
 * `words()` (app/content/interface-words.ts), which the build replaces by the
 * text. Texts the requirements quote are fixed; a text with places to fill
 * must keep exactly those places.
 */
import { z } from "zod";
import { copy, refuseMarkup, withPlaces } from "./copy.ts";

/** A piece of a sentence around a link or a value: its spaces are part of it. */
const fragment = z
  .string()
  .refine((text) => text.trim().length > 0, "is empty")
  .superRefine(refuseMarkup);

function fixed(text: string) {
  return z.literal(text, `must read exactly “${text}”: the requirements quote it`);
}

/** A text with places to fill, `{name}`: it must keep exactly these. */
const template = (places: readonly string[]) => withPlaces(places);

export const interfaceWordsSchema = z.strictObject({
  skipLink: copy,
  header: z.strictObject({
    menu: copy,
    mainMenu: copy,
  }),
  siteLogo: z.strictObject({
    home: fragment,
  }),
  footer: z.strictObject({
    siteInformation: copy,
    tagline: copy,
    offices: copy,
    followUs: copy,
    rightsReserved: fragment,
    cookieSettings: copy,
  }),
  consentBanner: z.strictObject({
    heading: copy,
    text: copy,
    policyLink: copy,
    reject: copy,
    accept: copy,
  }),
  newsletterForm: z.strictObject({
    heading: copy,
    emailLabel: copy,
    emailPlaceholder: fixed("Email Address"),
    subscribe: copy,
    consentBeforeLink: copy,
    consentLink: copy,
    consentAfterLink: copy,
    sending: copy,
    awaitingConfirmation: copy,
    failed: copy,
    noScript: copy,
  }),
  contactForm: z.strictObject({
    formLabel: copy,
    country: copy,
    termsBeforeLink: copy,
    termsLink: copy,
    betweenLinks: copy,
    privacyLink: copy,
    sending: copy,
    send: copy,
    noScript: copy,
  }),
  successDialog: z.strictObject({
    heading: fixed("Thanks! Your message has been sent."),
    text: fixed("Team will contact you shortly"),
    close: fixed("Close"),
  }),
  errorPage: z.strictObject({
    heading: fixed("Unexpected Application Error!"),
    textBeforeLink: copy,
    homeLink: copy,
    textBeforeEmail: copy,
  }),
  demoButton: z.strictObject({
    label: fixed("Schedule A Demo"),
    newTab: fragment,
  }),
  learnMore: z.strictObject({
    label: fixed("Learn More"),
    about: fragment,
  }),
  homeHero: z.strictObject({
    sampleName: copy,
    sampleBadge: copy,
    rawValue: fragment,
    becomesToken: fragment,
  }),
  textBlocks: z.strictObject({
    impact: fragment,
  }),
  logoStrip: z.strictObject({
    play: copy,
    pause: copy,
    what: fragment,
  }),
  useCaseTabs: z.strictObject({
    listLabel: copy,
    challenge: copy,
    example: copy,
    solution: copy,
    outcome: copy,
  }),
  regulationPages: z.strictObject({
    whatDoesItAsk: copy,
    why: copy,
    howWeSolve: copy,
  }),
  soc2Page: z.strictObject({
    keyControls: copy,
    timeline: copy,
    focus: copy,
    businessBenefits: copy,
    securityBenefits: copy,
    downloadGuide: copy,
  }),
  carousel: z.strictObject({
    pause: copy,
    play: copy,
    previous: copy,
    next: copy,
    slide: template(["number", "title"]),
    position: template(["number", "count"]),
  }),
  legalPages: z.strictObject({
    contents: copy,
  }),
  newsletterPages: z.strictObject({
    eyebrow: copy,
  }),
  trustPages: z.strictObject({
    eyebrow: copy,
  }),
  comingSoonPage: z.strictObject({
    backHome: fixed("Back to Home"),
  }),
  playgroundPage: z.strictObject({
    tryIt: copy,
  }),
  playground: z.strictObject({
    toolLabel: copy,
    step1: copy,
    samplesLabel: copy,
    textLabel: copy,
    textHint: copy,
    roleChanged: template(["role"]),
    textAtLimit: copy,
    found: copy,
    nothingFound: copy,
    step2: copy,
    tokenize: copy,
    carryLabel: copy,
    carried: copy,
    step3: copy,
    roleLabel: copy,
    purposeLabel: copy,
    purposeHint: copy,
    reasonLabel: copy,
    reasonHint: copy,
    requestGrant: copy,
    approvalPending: copy,
    approvedBy: copy,
    breakGlassOpened: copy,
    grantLasts: copy,
    grantCovers: template(["why"]),
    reveal: copy,
    step4: copy,
    verify: copy,
    tamperLabel: copy,
    tamper: copy,
    restore: copy,
    emptyLog: copy,
    step5: copy,
    askModel: copy,
    promptLabel: copy,
    answerLabel: copy,
    answerSeenLabel: copy,
    standInNote: copy,
    tokenizeFirst: copy,
    grantExpiredHidden: copy,
    tokenizedStatus: template(["count"]),
    revealedStatus: template(["count", "reason"]),
    maskedStatus: template(["reason"]),
    refusedStatus: template(["reason"]),
    modelAnswered: copy,
    valuesShown: copy,
    valuesWithheld: template(["reason"]),
    logVerifies: template(["count"]),
    logFails: template(["entry"]),
    tamperedStatus: template(["entry", "role"]),
    editUndone: copy,
    grantActive: template(["seconds"]),
    grantExpired: copy,
    noGrant: copy,
    roleSees: template(["role"]),
    verified: template(["count", "head"]),
    tampered: template(["entry"]),
    logEntries: copy,
    edited: copy,
    actions: z.strictObject({
      tokenize: copy,
      grant: copy,
      reveal: copy,
      deny: copy,
    }),
    outcomes: z.strictObject({
      allowed: copy,
      masked: copy,
      refused: copy,
    }),
    modes: z.strictObject({
      random: copy,
      randomNote: copy,
      deterministic: copy,
      deterministicNote: copy,
    }),
    roles: z.strictObject({
      supportAgent: copy,
      supportAgentSees: copy,
      analyst: copy,
      analystSees: copy,
      privacyOfficer: copy,
      privacyOfficerSees: copy,
      breakGlass: copy,
      breakGlassSees: copy,
    }),
    findings: z.strictObject({
      card: copy,
      aadhaar: copy,
      iban: copy,
      ssn: copy,
      phone: copy,
      email: copy,
      pan: copy,
      ipAddress: copy,
      dob: copy,
      name: copy,
    }),
  }),
});

export type InterfaceWords = z.infer<typeof interfaceWordsSchema>;
