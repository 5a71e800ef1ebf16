import { defineSiteSuite } from "./lib/site-suite.ts";

defineSiteSuite("webkit");
