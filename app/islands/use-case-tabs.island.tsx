import { UseCaseTabs } from "../components/sections/use-case-tabs.tsx";
import { island } from "./island.tsx";

export default island("use-case-tabs", UseCaseTabs, "visible");
