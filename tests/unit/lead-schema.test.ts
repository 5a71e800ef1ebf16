import { describe, expect, it } from "vitest";
import {
  CONTACT_NUMBER_SERVER_MESSAGE,
  EMAIL_FORMAT_MESSAGE,
  LEAD_MESSAGES,
  PHONE_RULES,
  leadBodyFromForm,
  normaliseContactNumber,
  parseLeadBody,
  validateLeadForm,
  type LeadFormValues,
  type PhoneCountry,
} from "../../app/lib/lead-schema.ts";
import { parseNewsletterBody } from "../../app/lib/newsletter-schema.ts";

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

describe("the form's checks (SPEC.md section 5)", () => {
  it("accepts a complete form", () => {
    expect(validateLeadForm(valid)).toEqual({});
  });

  it("names every missing required field with SPEC.md's exact message, and not the optional last name", () => {
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

describe.each(Object.entries(phoneCases))("phone rules for %s (SPEC.md section 5)", (country, { good, bad, message }) => {
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

describe("normaliseContactNumber (SPEC.md section 7)", () => {
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

describe("the body the form sends (SPEC.md section 7)", () => {
  it("has exactly SPEC.md's seven fields, trimmed, and no country", () => {
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
