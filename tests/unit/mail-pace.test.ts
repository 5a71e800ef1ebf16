import { describe, expect, it } from "vitest";
import { HOUR_MS, jointSlot, nextSlot, paceKey } from "../../server/db/mail-pace.ts";

/** LEAD-31: the pace that delays e-mail past a cap instead of dropping a person's request. */
describe("paced mail (requirement LEAD-31)", () => {
  const now = Date.parse("2026-11-27T10:00:00Z");
  const minute = 60_000;

  /** Sends `count` e-mails through one channel at `at`, returning each one's slot. */
  function schedule(perHour: number, count: number, at = now, burst?: number): number[] {
    let tat: number | undefined;
    const slots: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const next = nextSlot(burst === undefined ? { perHour } : { perHour, burst }, tat, at);
      slots.push(next.at);
      tat = next.tat;
    }
    return slots;
  }

  it("lets the cap go at once after a quiet spell, then one every hour / cap, never dropping one", () => {
    const slots = schedule(300, 1_000);
    expect(slots.slice(0, 300).every((slot) => slot === now)).toBe(true);
    expect((slots[300]! - now) / 1_000).toBe(12);
    expect((slots[999]! - now) / minute).toBe(140);
    expect(slots).toHaveLength(1_000);
    // In any hour after the first burst, no more than the cap.
    const inHour = (from: number) => slots.filter((slot) => slot >= from && slot < from + HOUR_MS).length;
    expect(inHour(now + 1)).toBeLessThanOrEqual(300);
  });

  it("forgets a flood once its queue has drained: mail goes at once again", () => {
    let tat: number | undefined;
    for (let index = 0; index < 40; index += 1) tat = nextSlot({ perHour: 30 }, tat, now).tat;
    expect(nextSlot({ perHour: 30 }, tat, now).at).toBeGreaterThan(now);
    expect(nextSlot({ perHour: 30 }, tat, now + 2 * HOUR_MS).at).toBe(now + 2 * HOUR_MS);
  });

  it("spaces a channel of burst one by its interval: an approver's digests", () => {
    expect(schedule(4, 3, now, 1).map((slot) => (slot - now) / minute)).toEqual([0, 15, 30]);
  });

  it("takes the latest of several channels' slots, and charges each at its own turn", () => {
    const all = { key: "all", pace: { perHour: 300 } };
    const domain = { key: "domain", pace: { perHour: 2 } };
    const tats = new Map<string, number>();
    const slots = [];
    for (let index = 0; index < 3; index += 1) {
      const joint = jointSlot([all, domain], (key) => tats.get(key), now);
      for (const update of joint.updates) tats.set(update.key, update.tat);
      slots.push((joint.at - now) / minute);
    }
    expect(slots).toEqual([0, 0, 30]);
    // The domain's wait did not take the relay's turns: another domain's e-mail still goes at once.
    expect(jointSlot([all, { key: "other", pace: { perHour: 2 } }], (key) => tats.get(key), now).at).toBe(now);
  });

  it("keeps no readable address in a channel's key", () => {
    expect(paceKey("confirmations")).toBe("confirmations");
    const key = paceKey("confirmations-domain", "northwind-health.example");
    expect(key).toMatch(/^confirmations-domain:[0-9a-f]{32}$/);
    expect(key).not.toContain("northwind");
  });
});
