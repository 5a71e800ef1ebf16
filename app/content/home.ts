/** Home page copy owned by the foundation; the full page arrives with its own issue. */
export const howItWorks = {
  heading: "How It Works",
  intro: "Four steps stand between raw personal data and everyone who should not see it.",
  steps: [
    {
      title: "Classify on arrival",
      text: "Records entering through the API or a connector are scanned, and fields holding personal or health data are labelled by type.",
    },
    {
      title: "Tokenize in real time",
      text: "Each sensitive value is replaced by a format-preserving token, so downstream systems, schemas and validations keep working.",
    },
    {
      title: "Keep originals in the vault",
      text: "The real values are encrypted and stored once, in an isolated vault that becomes the single source of truth.",
    },
    {
      title: "Reveal only by policy, and log it",
      text: "Every request to detokenize is checked against role, attribute and purpose, and written to a tamper-evident audit log.",
    },
  ],
} as const;
