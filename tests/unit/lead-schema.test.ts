import { describe, expect, it } from "vitest";
import {
  CONTACT_NUMBER_SERVER_MESSAGE,
  EMAIL_FORMAT_MESSAGE,
  LAST_NAME_INVISIBLE_MESSAGE,
  LEAD_HIDDEN_TEXT_MESSAGES,
  LEAD_MESSAGES,
  PHONE_RULES,
  leadBodyFromForm,
  normaliseContactNumber,
  parseLeadBody,
  validateLeadForm,
  type LeadFormValues,
  type PhoneCountry,
} from "../../common/lead-schema.ts";
import { NEWSLETTER_MESSAGES, newsletterEmail, parseNewsletterBody, validateNewsletter } from "../../common/newsletter-schema.ts";

const valid: LeadFormValues = {
  firstName: "Asha",
  lastName: "Rao",
  email: "asha@example.com",
  companyName: "Example Health",
  country: "IN",
  contactNumber: "+91 9876543210",
  description: "We hold patient records and want to tokenize them.",
  termsAccepted: true,
};

describe("the form's checks (CONTACT-3)", () => {
  it("accepts a complete form", () => {
    expect(validateLeadForm(valid)).toEqual({});
  });

  it("names every missing required field with CONTACT-3's exact message, and not the optional last name", () => {
    const empty: LeadFormValues = { ...valid, firstName: "", lastName: "", email: "", companyName: "", contactNumber: "", description: "", termsAccepted: false };
    expect(validateLeadForm(empty)).toEqual({
      firstName: "First Name is required",
      email: "Email is required",
      companyName: "Company Name is required",
      contactNumber: "Contact Number is required",
      description: "Description is required",
      termsAccepted: "You must accept the Terms/Privacy",
    });
  });

  it("treats whitespace as empty", () => {
    expect(validateLeadForm({ ...valid, firstName: "   ", description: "\n\t" })).toEqual({
      firstName: LEAD_MESSAGES.firstName,
      description: LEAD_MESSAGES.description,
    });
  });

  it("checks the e-mail's format the way an email input does", () => {
    expect(validateLeadForm({ ...valid, email: "asha@" }).email).toBe(EMAIL_FORMAT_MESSAGE);
    expect(validateLeadForm({ ...valid, email: "asha example.com" }).email).toBe(EMAIL_FORMAT_MESSAGE);
  });
});

const phoneCases: Record<PhoneCountry, { good: string[]; bad: string[]; message: string }> = {
  US: {
    good: ["+1 (555) 000-0000", "+1 (415) 555-0134", "15550000000", "14155550134"],
    bad: ["(555) 000-0000", "+1 555 000 0000", "1555000000", "155500000000", "+15550000000", "25550000000", "+1 (555) 000-000"],
    message: "Enter +1 (555) 000-0000 or 1XXXXXXXXXX",
  },
  IN: {
    good: ["+91 9876543210", "+919876543210", "919876543210"],
    bad: ["9876543210", "+91 987654321", "91987654321", "+91 98765 43210", "+92 9876543210", "0919876543210"],
    message: "Enter +91 9876543210 or 919876543210",
  },
  UK: {
    good: ["+44 7123456789", "+447123456789", "447123456789"],
    bad: ["07123456789", "+44 712345678", "4471234567890", "+44 7123 456789", "+45 7123456789"],
    message: "Enter +44 7123456789 or 447123456789",
  },
  UAE: {
    good: ["+971 501234567", "+971501234567", "971501234567"],
    bad: ["0501234567", "+971 5012345678", "97150123456", "+971 50 123 4567", "+972 501234567"],
    message: "Enter +971 501234567 or 971501234567",
  },
};

describe.each(Object.entries(phoneCases))("phone rules for %s (CONTACT-6)", (country, { good, bad, message }) => {
  const rule = PHONE_RULES[country as PhoneCountry];

  it("has the table's message, and a hint in the same format", () => {
    expect(rule.message).toBe(message);
    expect(rule.hint).toBe(message.replace(/^Enter /, "Format: "));
  });

  it.each(good)("accepts %s", (number) => {
    expect(validateLeadForm({ ...valid, country: country as PhoneCountry, contactNumber: number })).toEqual({});
  });

  it.each(bad)("refuses %s with the country's message", (number) => {
    expect(validateLeadForm({ ...valid, country: country as PhoneCountry, contactNumber: number }).contactNumber).toBe(message);
  });

  it("sends digits only, starting with the country code", () => {
    for (const number of good) {
      const sent = leadBodyFromForm({ ...valid, country: country as PhoneCountry, contactNumber: number }).contactNumber;
      expect(sent).toMatch(new RegExp(`^${rule.code}\\d+$`));
      expect(parseLeadBody({ ...leadBodyFromForm(valid), contactNumber: sent }).ok).toBe(true);
    }
  });
});

describe("normaliseContactNumber (LEAD-3)", () => {
  it.each([
    ["+1 (555) 000-0000", "US", "15550000000"],
    ["15550000000", "US", "15550000000"],
    ["+91 9876543210", "IN", "919876543210"],
    ["9876543210", "IN", "919876543210"],
    ["+44 7123456789", "UK", "447123456789"],
    ["7123456789", "UK", "447123456789"],
    ["+971 501234567", "UAE", "971501234567"],
    ["501234567", "UAE", "971501234567"],
  ] as const)("%s in %s is sent as %s", (input, country, expected) => {
    expect(normaliseContactNumber(input, country)).toBe(expected);
  });
});

describe("the body the form sends (LEAD-2)", () => {
  it("has exactly LEAD-2's seven fields, trimmed, and no country", () => {
    const body = leadBodyFromForm({ ...valid, firstName: "  Asha ", lastName: "" });
    expect(Object.keys(body)).toEqual(["firstName", "lastName", "email", "companyName", "contactNumber", "description", "termsAccepted"]);
    expect(body).toMatchObject({ firstName: "Asha", lastName: "", contactNumber: "919876543210", termsAccepted: true });
  });
});

describe("the service's check (parseLeadBody)", () => {
  const body = leadBodyFromForm(valid);

  it("accepts what the form sends, and a body without lastName", () => {
    expect(parseLeadBody(body)).toEqual({ ok: true, value: body });
    const { lastName: _omitted, ...withoutLastName } = body;
    expect(parseLeadBody(withoutLastName)).toEqual({ ok: true, value: { ...body, lastName: "" } });
  });

  it("refuses unknown fields by name", () => {
    expect(parseLeadBody({ ...body, country: "IN", isAdmin: true })).toEqual({
      ok: false,
      errors: { country: "Unknown field", isAdmin: "Unknown field" },
    });
  });

  it("refuses wrong types with the field's message", () => {
    const result = parseLeadBody({ ...body, firstName: 42, termsAccepted: "true", lastName: null });
    expect(result).toEqual({
      ok: false,
      errors: { firstName: LEAD_MESSAGES.firstName, termsAccepted: LEAD_MESSAGES.termsAccepted, lastName: "Last Name must be text" },
    });
  });

  it("refuses a number that is not digits with a known country code", () => {
    for (const contactNumber of ["+91 9876543210", "9876543210", "819876543210", "1555000000"]) {
      expect(parseLeadBody({ ...body, contactNumber })).toEqual({ ok: false, errors: { contactNumber: CONTACT_NUMBER_SERVER_MESSAGE } });
    }
  });

  it("refuses oversized text and anything that is not an object", () => {
    expect(parseLeadBody({ ...body, description: "x".repeat(5001) }).ok).toBe(false);
    for (const value of [null, [], "lead", 7]) expect(parseLeadBody(value).ok).toBe(false);
  });
});

describe("the newsletter check", () => {
  it("needs a valid address and the consent box, and nothing else", () => {
    expect(parseNewsletterBody({ email: " reader@example.com ", consent: true })).toEqual({
      ok: true,
      value: { email: "reader@example.com", consent: true },
    });
    expect(parseNewsletterBody({ email: "reader@example.com", consent: false }).ok).toBe(false);
    expect(parseNewsletterBody({ email: "reader", consent: true }).ok).toBe(false);
    expect(parseNewsletterBody({ email: "reader@example.com", consent: true, name: "x" }).ok).toBe(false);
  });
});

type TypedField = "firstName" | "lastName" | "email" | "companyName" | "description";

/** What the form shows and what the service answers when one field holds `typed` and the rest is valid. */
function bothChecks(field: TypedField, typed: string) {
  const form = validateLeadForm({ ...valid, [field]: typed });
  const parsed = parseLeadBody({ ...leadBodyFromForm(valid), [field]: typed });
  return { form, server: parsed.ok ? {} : parsed.errors, parsed };
}

function expectBoth(field: TypedField, typed: string, message: string) {
  const { form, server } = bothChecks(field, typed);
  expect(form).toEqual({ [field]: message });
  expect(server).toEqual({ [field]: message });
}

const HIDDEN = (label: string) => `${label} contains hidden control characters. Please type it again.`;

describe("hidden and invisible text, refused alike by the form and the service", () => {
  it("has the exact messages", () => {
    expect(LEAD_HIDDEN_TEXT_MESSAGES).toEqual({
      firstName: "First Name contains hidden control characters. Please type it again.",
      lastName: "Last Name contains hidden control characters. Please type it again.",
      companyName: "Company Name contains hidden control characters. Please type it again.",
      description: "Description contains hidden control characters. Please type it again.",
    });
    expect(LAST_NAME_INVISIBLE_MESSAGE).toBe("Last Name has no visible characters");
  });

  it.each([
    ["zero-width spaces", "\u200B\u200B"],
    ["a zero-width non-joiner", "\u200C"],
    ["a zero-width joiner", "\u200D"],
    ["a word joiner", "\u2060"],
    ["a byte order mark between spaces", " \uFEFF\u200B "],
    ["the Hangul filler U+3164", "\u3164"],
    ["the halfwidth Hangul filler U+FFA0", "\uFFA0"],
    ["the braille blank U+2800", "\u2800"],
    ["a soft hyphen", "\u00AD"],
  ])("treats a first name of only %s as empty", (_why, typed) => {
    expectBoth("firstName", typed, LEAD_MESSAGES.firstName);
  });

  it("treats the other required text fields of only invisible characters as empty", () => {
    expectBoth("companyName", "\u3164\u200B", LEAD_MESSAGES.companyName);
    expectBoth("description", "\u200B\n\t\u2060\r\n", LEAD_MESSAGES.description);
    expectBoth("email", "\u200B\u200D", LEAD_MESSAGES.email);
  });

  it("tells the optional last name apart: sent, but nothing visible", () => {
    expectBoth("lastName", "\u200B", "Last Name has no visible characters");
    expectBoth("lastName", "\u2800\u3164", "Last Name has no visible characters");
  });

  it.each([
    ["NUL", "Asha\u0000"],
    ["NUL in the middle", "As\u0000ha"],
    ["DEL", "Asha\u007F"],
    ["NEL, a C1 control", "Asha\u0085"],
    ["an escape sequence", "\u001B[2JAsha"],
    ["a tab", "As\tha"],
    ["a right-to-left override", "\u202EahsA"],
    ["a left-to-right embedding", "\u202AAsha\u202C"],
    ["a right-to-left isolate", "\u2067Asha\u2069"],
    ["a lone high surrogate", "\ud800"],
    ["a lone low surrogate", "Asha\udc00"],
  ])("refuses a first name with %s", (_why, typed) => {
    expectBoth("firstName", typed, HIDDEN("First Name"));
  });

  it("names each text field in its hidden-character message", () => {
    expectBoth("lastName", "Rao\u0000", HIDDEN("Last Name"));
    expectBoth("companyName", "Acme \u202EcnI", HIDDEN("Company Name"));
    expectBoth("description", "Please call\u0000", HIDDEN("Description"));
    expectBoth("description", "Tokenize \u2066this\u2069", HIDDEN("Description"));
    expectBoth("description", "Page one\u000CPage two", HIDDEN("Description"));
    expectBoth("description", "Broken \udbff text", HIDDEN("Description"));
  });

  it.each([
    ["a right-to-left override in the domain", "ceo@moc.\u202Eelgoog.com"],
    ["a zero-width space", "asha\u200B@example.com"],
    ["a byte order mark inside", "asha@exam\uFEFFple.com"],
    ["a left-to-right mark", "asha@example.com\u200E"],
    ["NUL", "asha@example.com\u0000"],
    ["a lone surrogate", "asha\ud800@example.com"],
    ["the Hangul filler U+3164", "asha\u3164@example.com"],
  ])("refuses an e-mail with %s with the format message", (_why, typed) => {
    expectBoth("email", typed, EMAIL_FORMAT_MESSAGE);
  });

  it("refuses a NUL or an override in the phone number: the country's message on the form, the service's own on the server", () => {
    for (const typed of ["+91 98765\u000043210", "\u202E+91 9876543210", "+91 9876543210\u0085"]) {
      expect(validateLeadForm({ ...valid, contactNumber: typed })).toEqual({ contactNumber: PHONE_RULES.IN.message });
    }
    for (const contactNumber of ["9198765\u000043210", "\u202E919876543210", "919876543210\u2069"]) {
      expect(parseLeadBody({ ...leadBodyFromForm(valid), contactNumber })).toEqual({
        ok: false,
        errors: { contactNumber: CONTACT_NUMBER_SERVER_MESSAGE },
      });
    }
  });

  it("checks every field in one pass, each with its own message", () => {
    const typed = { firstName: "\u200B\u200B", lastName: "\u200B", email: "ceo@moc.\u202Eelgoog.com", companyName: "\u202EemcA", description: "\u0000" };
    const expected = {
      firstName: LEAD_MESSAGES.firstName,
      lastName: "Last Name has no visible characters",
      email: EMAIL_FORMAT_MESSAGE,
      companyName: HIDDEN("Company Name"),
      description: HIDDEN("Description"),
    };
    expect(validateLeadForm({ ...valid, ...typed })).toEqual(expected);
    expect(parseLeadBody({ ...leadBodyFromForm(valid), ...typed })).toEqual({ ok: false, errors: expected });
  });
});

describe("real text that uses joiners, marks and line breaks is accepted", () => {
  it.each([
    ["firstName", "ليلى"],
    ["lastName", "ليلى\u200F"],
    ["firstName", "\u200Eדנה"],
    ["companyName", "می‌خواهم"],
    ["firstName", "क्‍षमा"],
    ["description", "Our team 👨‍👩‍👧‍👦 wants this.\n\n\tThanks,\r\nAsha"],
    ["email", "josé@exámple.com"],
    ["email", "用户@例子.广告"],
  ] as const)("%s %j", (field, typed) => {
    const { form, parsed } = bothChecks(field, typed);
    expect(form).toEqual({});
    expect(parsed).toEqual({ ok: true, value: { ...leadBodyFromForm(valid), [field]: typed.normalize("NFC").trim() } });
    expect(leadBodyFromForm({ ...valid, [field]: typed })[field]).toBe(typed.normalize("NFC").trim());
  });
});

describe("text is stored in NFC", () => {
  it("stores a decomposed name composed, from the form and in the service", () => {
    expect(leadBodyFromForm({ ...valid, firstName: " Zoe\u0301 " }).firstName).toBe("Zoé");
    const parsed = parseLeadBody({ ...leadBodyFromForm(valid), firstName: "Zoe\u0301", companyName: "Cafe\u0301 Ltd", email: "jose\u0301@example.com" });
    expect(parsed).toMatchObject({ ok: true, value: { firstName: "Zoé", companyName: "Café Ltd", email: "josé@example.com" } });
  });

  it("counts the length limit in composed characters", () => {
    const hundred = "e\u0301".repeat(100);
    expect(hundred).toHaveLength(200);
    expect(bothChecks("firstName", hundred).form).toEqual({});
    expect(bothChecks("firstName", hundred).parsed).toMatchObject({ ok: true, value: { firstName: "é".repeat(100) } });
    const over = "e\u0301".repeat(101);
    expectBoth("firstName", over, "Use at most 100 characters");
  });
});

describe("the newsletter's e-mail, checked alike by the footer form and the service", () => {
  /** The footer form reads the field through newsletterEmail, as the service reads the body. */
  function newsletterBoth(typed: string) {
    const form = validateNewsletter(newsletterEmail(typed), true);
    const parsed = parseNewsletterBody({ email: typed, consent: true });
    return { form, server: parsed.ok ? {} : parsed.errors, parsed };
  }

  it.each([
    ["zero-width spaces", "\u200B\u200B", NEWSLETTER_MESSAGES.email],
    ["a Hangul filler", " \u3164 ", NEWSLETTER_MESSAGES.email],
    ["a right-to-left override in the domain", "ceo@moc.\u202Eelgoog.com", NEWSLETTER_MESSAGES.emailFormat],
    ["a zero-width space inside", "read\u200Ber@example.com", NEWSLETTER_MESSAGES.emailFormat],
    ["NUL", "reader@example.com\u0000", NEWSLETTER_MESSAGES.emailFormat],
    ["a lone surrogate", "reader\udc00@example.com", NEWSLETTER_MESSAGES.emailFormat],
  ])("refuses an address of %s", (_why, typed, message) => {
    const { form, server } = newsletterBoth(typed);
    expect(form).toEqual({ email: message });
    expect(server).toEqual({ email: message });
  });

  it("accepts an internationalised address and stores it in NFC", () => {
    expect(newsletterBoth("josé@exámple.com").form).toEqual({});
    expect(newsletterBoth(" jose\u0301@exa\u0301mple.com ").parsed).toEqual({ ok: true, value: { email: "josé@exámple.com", consent: true } });
    expect(newsletterEmail(" jose\u0301@example.com ")).toBe("josé@example.com");
  });
});
