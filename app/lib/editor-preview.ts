/**
 * The page inside the content editor's preview (EDIT-12), in development
 * only: framed by /admin/ on the same development server, it shows what a
 * visitor sees once past the cookie banner, so the banner does not cover
 * what the editor is changing. A production page never carries this: the
 * document renders it only under the development server, and the
 * production CSP would refuse it.
 */
export const EDITOR_PREVIEW_SCRIPT = `try{if(window.top!==window&&window.top.location.pathname.startsWith("/admin/")){var r=document.documentElement;r.dataset.editorPreview="";delete r.dataset.consent}}catch(e){}`;

/** The banner's own "Cookie settings" link can still open it; only the first visit's prompt is left out. */
export const EDITOR_PREVIEW_STYLE = `html[data-editor-preview]:not([data-consent-reopened]) .consent-banner{display:none!important}`;
