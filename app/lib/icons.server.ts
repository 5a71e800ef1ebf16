import {
  BrainCircuit,
  ChartNoAxesCombined,
  Database,
  FileScan,
  Globe,
  Handshake,
  KeyRound,
  MapPin,
  Plug,
  ScanSearch,
  ScrollText,
  ShieldCheck,
  Siren,
  SquareAsterisk,
  Vault,
} from "lucide";
import type { IconName, IconNode, WithIconNode } from "../content/types.ts";

/**
 * The drawings behind the icon names copy may use, read at build time from
 * lucide (the same family as the interface icons), so they reach the browser
 * as data in the page and never as JavaScript.
 */
const drawings: Record<IconName, IconNode> = {
  vault: Vault,
  "square-asterisk": SquareAsterisk,
  "scan-search": ScanSearch,
  "key-round": KeyRound,
  "scroll-text": ScrollText,
  "brain-circuit": BrainCircuit,
  plug: Plug,
  "map-pin": MapPin,
  globe: Globe,
  "shield-check": ShieldCheck,
  database: Database,
  "chart-no-axes-combined": ChartNoAxesCombined,
  "file-scan": FileScan,
  handshake: Handshake,
  siren: Siren,
};

export function iconNode(name: IconName): IconNode {
  return drawings[name];
}

/** Replaces each record's icon name by its drawing. */
export function withIconNodes<T extends { icon: IconName }>(records: T[]): WithIconNode<T>[] {
  return records.map((record) => ({ ...record, icon: iconNode(record.icon) }));
}
