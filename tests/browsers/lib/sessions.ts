import { launchChromium } from "./chromium.ts";
import type { BrowserSession, Engine, Viewport } from "./driver.ts";
import { launchFirefox } from "./firefox.ts";
import { launchWebKit } from "./webkit.ts";

/** A fresh browser of the engine with an exact viewport. */
export function launchBrowser(engine: Engine, viewport: Viewport): Promise<BrowserSession> {
  switch (engine) {
    case "chromium":
      return launchChromium(viewport);
    case "firefox":
      return launchFirefox(viewport);
    case "webkit":
      return launchWebKit(viewport);
  }
}
