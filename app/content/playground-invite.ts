/** The invitation on How It Works, Core Features and Architecture (PLAY-3). */
export const playgroundInvite = {
  text: "See the flow on a sample of your choosing: find personal data, tokenize it, reveal it by role and verify the audit log, all in your browser.",
  link: "Try the tokenization playground",
} as const;
