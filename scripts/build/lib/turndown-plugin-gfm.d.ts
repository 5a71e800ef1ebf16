// The package ships JavaScript only: the one export we use, typed by turndown's own plugin type.
declare module "@joplin/turndown-plugin-gfm" {
  import type TurndownService from "turndown";
  export const gfm: TurndownService.Plugin;
}
