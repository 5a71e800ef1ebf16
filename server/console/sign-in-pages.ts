import { html } from "./html.ts";
import { CONSOLE_PATHS, page } from "./layout.ts";
import { SIGN_IN_LINK_MINUTES } from "./sessions.ts";

/** The sign-in form: one field, and the same answer for every address (requirement OPS-2). */
export function signInPage(problem?: string): string {
  return page({
    title: "Sign in",
    body: html`<div class="card narrow">
<h1>Sign in to the console</h1>
<p>Enter your work e-mail address. If it belongs to an operator of this site, we send a sign-in link that works once, for ${SIGN_IN_LINK_MINUTES} minutes.</p>
${problem ? html`<p class="notice error" role="alert">${problem}</p>` : ""}
<form method="post" action="${CONSOLE_PATHS.signIn}">
<label for="email">Work e-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254">
<div class="actions"><button type="submit">Send me a sign-in link</button></div>
</form>
</div>`,
  });
}

export function signInSentPage(): string {
  return page({
    title: "Check your inbox",
    body: html`<div class="card narrow">
<h1>Check your inbox</h1>
<p>If that address belongs to an operator of this site, a sign-in link is on its way. It works once, for ${SIGN_IN_LINK_MINUTES} minutes.</p>
<p class="muted">Nothing arrived? Check the address and <a href="${CONSOLE_PATHS.signIn}">ask for another link</a>.</p>
</div>`,
  });
}

/** What a sign-in link opens: one button, so a mail scanner that follows the link does not spend it. */
export function signInLinkPage(action: string): string {
  return page({
    title: "Sign in",
    body: html`<div class="card narrow">
<h1>Sign in to the console</h1>
<p>This link signs you in once. The session ends after 30 minutes without use, and after 8 hours in any case.</p>
<form method="post" action="${action}"><div class="actions"><button type="submit">Sign in</button></div></form>
</div>`,
  });
}

export function signInLinkInvalidPage(): string {
  return page({
    title: "Link not valid",
    body: html`<div class="card narrow">
<h1>This sign-in link does not work</h1>
<p>It was used already, it expired, or it is not one of ours. Each link works once, for ${SIGN_IN_LINK_MINUTES} minutes.</p>
<div class="actions"><a class="button" href="${CONSOLE_PATHS.signIn}">Ask for a new link</a></div>
</div>`,
  });
}

export function tooManyPage(): string {
  return page({
    title: "Too many requests",
    body: html`<div class="card narrow">
<h1>Too many sign-in requests</h1>
<p>Wait a minute, then <a href="${CONSOLE_PATHS.signIn}">try again</a>.</p>
</div>`,
  });
}
