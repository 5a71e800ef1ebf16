/**
 * Constants fixed by requirements FIG-1 to FIG-15, in their wording.
 * Components import these instead of repeating the numbers.
 */

/** "Hover opens one immediately and closes it after a 180 ms delay." */
export const DROPDOWN_CLOSE_DELAY_MS = 180;
/** "FAQ default open index: 0." */
export const FAQ_DEFAULT_OPEN_INDEX = 0;
/** "Carousel: 5 images, 3000 ms interval." */
export const CAROUSEL_IMAGE_COUNT = 5;
export const CAROUSEL_INTERVAL_MS = 3000;
/** "Cookie consent values: 'true' and 'false'." (requirements FIG-13 and CONSENT-2.) */
export const COOKIE_CONSENT_KEY = "cookie-consent";
export const COOKIE_CONSENT_ACCEPTED = "true";
export const COOKIE_CONSENT_REJECTED = "false";
