/**
 * Person names in free text, found with word lists and the context people
 * write names in, not a model: a run of capitalised words is a name when a
 * title stands before it (Dr., Mrs, Shri), when one of its words is a known
 * given or family name, or when a cue ("spoke with", "Patient:", "Hi") leads
 * into it. Places, weekdays, brands and team names end a run; a run that an
 * address or organisation word follows ("King Hussein Street", "St. Mary's
 * Hospital") is a place. Names that are also ordinary words (May, Jordan,
 * Grace) need a title or a cue. One pass over the words: linear in the text.
 */
import { AMBIGUOUS_NAMES, FAMILY_NAMES, GIVEN_NAMES, NAME_PARTICLES, NON_NAME_WORDS, TITLES } from "./name-lists.ts";

/** Lower case without accents: Trần is found as Tran, Zoë as Zoe, whichever way a list or a writer spells it. */
const fold = (word: string): string => word.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
const wordSet = (words: string): ReadonlySet<string> => new Set(fold(words).split(" "));

const GIVEN = wordSet(GIVEN_NAMES);
const FAMILY = wordSet(FAMILY_NAMES);
const AMBIGUOUS = wordSet(AMBIGUOUS_NAMES);
/** Days that a name-like word follows: Christmas Eve, Boxing Day. */
const HOLIDAYS = "Christmas Easter Diwali Deepavali Eid Holi Hanukkah Thanksgiving Ramadan Navratri Onam Pongal Boxing Labour Labor Memorial Independence Republic";
const NOT_NAMES = wordSet(`${NON_NAME_WORDS} ${HOLIDAYS}`);
const TITLE_WORDS = wordSet(`${TITLES} Mevrouw Meneer Mw Dhr Signora Signor Sig Señor Señora Senhor Senhora Haji Hajji Hajja Shaikh Shaykh`);
/** Places of more than one word that hold a listed name (Hong Kong, Ho Chi Minh, and streets named after people written without "Street"), folded as words are. */
const PLACE_NAMES = new Set(
  "hong kong|ho chi minh|sri lanka|kuala lumpur|tel aviv|san francisco|los angeles|new york|ras al khaimah|dar es salaam|addis ababa|buenos aires|costa rica|saudi arabia|puerto rico|el salvador|san diego|san jose|santa clara|las vegas|da nang|hai phong|phnom penh|chiang mai|jebel ali|cape town|rio de janeiro|sao paulo|mexico city|new delhi|navi mumbai|sheikh zayed|king fahd|mahatma gandhi|nguyen hue|le loi|martin luther king|simon bolivar".split("|"),
);
const PARTICLES = wordSet(`${NAME_PARTICLES} dalla delle dei degli dello mac mc ní nic ua binti bte ó`);

/** Words after a run that make it a place or an organisation, not a person. */
const PLACE_AFTER = wordSet(
  "Street St Road Rd Avenue Ave Lane Boulevard Drive Square Plaza Hospital Clinic Station Airport University College School Institute Centre Center Hotel Mall Market Tower Bridge Beach Bay Nagar Marg Colony Chowk Bazaar Gardens Heights Valley Ltd Inc LLC GmbH Pvt Corp Company Co Group Bank Foundation Pharmacy Labs Systems Technologies Solutions Logistics Partners Associates Council Ministry Department Team Church Mosque Temple Museum Stadium Academy Library Medical Health Healthcare Franchise Store Shop Restaurant Cafe Kitchen Bakery Salon Boutique Outlet Corporation Traders Trading Industries Enterprises Holdings Services Consulting Ventures Capital Insurance Motors Foods Pharma Airlines Airways City Town Village Area Estate District Sector Block Wing Unit Ward Room Floor Building Complex Wharf Parkway Soi Infirmary Network Collection Cloud Port Harbour Harbor Terminal Dock Pier Towers Day Straße Strasse Gasse Weg Platz Allee Way Close Crescent Terrace Walk Row Mews Grove Court Telecom Telecoms Media Energy Software Digital Studios Retail Stores Electronics Communications Networks Analytics Finance Financial Payments Committee Board Panel Forum Office Desk Service Programme Program Project Initiative Policy Review",
);
/** Words before a run that make it a place or a day: St. Luke's, Mount Abu, Lake Como, Christmas Eve. */
const PLACE_BEFORE = wordSet(`St Saint Mount Mt Lake Fort Cape Rue Via Calle Avenida Rua Jalan Universidad Universidade Université Universität Universita Hospital Colegio Escuela ${HOLIDAYS}`);

/**
 * What leads into a name: greetings, sign-offs, record labels and verbs of
 * talking, each right before the run (a colon or comma between is allowed).
 */
const CUE =
  /(?:^|[^\p{L}])(?:name is|named|called|call|ask|asked|tell|told|ping|pinged|remind|contacted|emailed|messaged|informed|notify|notified|according to|thx|ty|rep|husband|wife|son|daughter|sister|brother|mother|father|partner|spouse|carer|guardian|spoke (?:with|to)|speaking (?:with|to)|talked (?:with|to)|met with|assigned to|escalated to|forwarded to|transferred to|handed (?:over )?to|reported by|raised by|opened by|submitted by|requested by|approved by|signed by|referred by|seen by|reviewed by|handled by|written by|per|cc|attn|attention|dear|hi|hello|hey|thanks|thank you|regards|cheers|welcome(?: aboard| back)?|ship to|bill to|deliver to)[ \t]*[:,]?[ \t]*["“]?$/iu;
/**
 * Record labels and roles: "Patient: Tom", "Customer Jane Roe". Without a
 * colon they lead into a name only of two words or a listed one: "Employee
 * Relations" is a team.
 */
const ROLE_CUE =
  /(?:^|[^\p{L}])(?:customers?|patients?|pt|employees?|clients?|caller|candidates?|applicants?|contact|recipient|receiver|addressee|assignee|name|managers?|agents?|nurses?|colleagues?|members?|guests?|tenants?|owner|users?|consignee|sender|buyer|requester|reporter|attendees?|panel|physio|physiotherapist|therapist|doctors?|consultant|surgeon|pharmacist|midwife|gp|dietitian|technician|engineer|driver|courier|officer|clerk|supervisor|intern|trainee|from|to)[ \t]*(:?)[ \t]*["“]?$/iu;
/**
 * Verbs and words that follow a person far more often than a product or a
 * place: "Kayleigh Sutcliffe wrote in", "Hollis is off sick". They make a name
 * of capitalised words the lists do not know.
 */
const FOLLOWED_BY =
  /^(?:['’]s\b|,? (?:is|was|has|had|have|said|says|asked|asks|wants|wanted|called|calls|wrote|writes|reports|reported|confirmed|from|will|would|can|could|cannot|can't|needs|replied|mentioned|agreed|requested|ordered|received|receives|completed|attended|joined|started|signed|paid|booked|complained|emailed|phoned|who|thinks|prefers|approved|declined|noted|notes|states|stated|denies|denied|presented|cancelled|returned|submitted|sent|shared|uploaded|updated|opened|raised|logged|visited|may|should|must|did|does|got|gets|took|made|gave|came|went|tried|lost|moved|bought|works|worked|needs|rang|chose|decided|accepted|refused|resigned|flew|arrived|travelled|traveled|spoke|told|met|texted|messaged|landed|checked|wishes|hopes|feels|rated|commented|noticed|explained|responded|answered|clicked|uploaded|insists|insisted|claims|claimed|disputes|disputed|changed|both|promised|disclosed|left)\b| [(<])/u;

/** Words that lead into a full name of words the lists lack, though not into one word: "a complaint from Giorgos Papadakis", "Attendees: Cecily Ormerod". */
const WEAK_CUE =
  /(?:(?:^|[^\p{L}])(?:from|for|to|by|with|were|are|and|of|about|regarding|re|replacing|inviting|invite|email|emailing|meet|meeting|met|between|including|assign|bcc|congratulating|congratulate|welcoming|thank|thanking|thanked|remind|reminding|notify|calling|back|helping|help|visit|visiting|brief|briefing|send|sending)[ \t]+|, ?)["“]?$/iu;

/** Only these may lead into a name written in lower case ("thanks ravi"). */
const LOWER_CASE_CUE = /(?:^|[^\p{L}])(?:dear|hi|hello|hey|thanks|thank you|thx|ty|ok|okay|so|lol|this is|it's|i'm|im|remind|tell|telling|ask|asking|ping|and|with|by|for|to|from|@|rep|husband|wife|son|daughter|sister|brother|mother|father|partner|spouse|carer|guardian|cc)[ \t]*,?[ \t]*$/iu;
/** How far back a cue may start. */
const CUE_REACH = 24;

/** Letters, with apostrophes and hyphens inside: O'Brien, Al-Sayed, Min-jun. */
const WORD = /\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*/gu;

interface Word {
  text: string;
  lower: string;
  start: number;
  end: number;
}

/** Each hyphen or apostrophe part of a word: Olsen-Brown is known if Olsen or Brown is. */
const parts = (lower: string): string[] => [lower, ...lower.split(/['’-]/)];

const isCapitalised = (text: string): boolean => /^\p{Lu}/u.test(text) && (text.length === 1 || /\p{Ll}/u.test(text));
const isName = (lower: string): boolean => !AMBIGUOUS.has(lower) && parts(lower).some((part) => GIVEN.has(part) || FAMILY.has(part));
const isParticle = (lower: string): boolean => PARTICLES.has(lower);

/** A word that may stand in a run: capitalised and not a place, brand, day or title; or a particle inside one. */
function runWord(word: Word): "name" | "particle" | undefined {
  if (isParticle(word.lower) && !/^\p{Lu}\p{Ll}+$/u.test(word.text)) return "particle";
  if (!isCapitalised(word.text)) return undefined;
  if (NOT_NAMES.has(word.lower) || TITLE_WORDS.has(word.lower) || PLACE_AFTER.has(word.lower) || PLACE_BEFORE.has(word.lower)) return undefined;
  return isParticle(word.lower) ? "particle" : "name";
}

/** Two words of one run stand one space apart, or after an initial's or a title's dot. */
function joined(text: string, before: Word, after: Word): boolean {
  // "Liverpool L1 9BP": a letter before a digit is a code, not an initial.
  if (after.text.length === 1 && /\d/.test(text.charAt(after.end))) return false;
  const gap = text.slice(before.end, after.start);
  return gap === " " || (gap === ". " && before.text.length === 1);
}

/** Where person names stand in `text`, as [start, end) pairs. */
export function findPersonNames(text: string): Array<[number, number]> {
  const words: Word[] = Array.from(text.matchAll(WORD), (match) => {
    // A possessive is not part of the name: Haddad's.
    const bare = match[0].replace(/['’]s$/u, "");
    return { text: bare, lower: fold(bare), start: match.index, end: match.index + bare.length };
  });
  const found: Array<[number, number]> = [];
  let index = 0;
  while (index < words.length) {
    const first = words[index];
    // A run starts on a name word, or on a capitalised particle before one: "Abu Bakr", "Al Sabri".
    const opensRun = first !== undefined && (runWord(first) === "name" || (runWord(first) === "particle" && isCapitalised(first.text) && runWord(words[index + 1] ?? first) === "name" && joined(text, first, words[index + 1] ?? first)));
    if (!first || !opensRun) {
      if (first) lowerCaseName(text, first, found);
      index++;
      continue;
    }
    let last = index;
    while (last + 1 < words.length) {
      const [current, next] = [words[last], words[last + 1]];
      if (!current || !next || !runWord(next) || !joined(text, current, next)) break;
      last++;
    }
    // A run ends on a name word, never on a particle.
    let end = last;
    while (end > index && runWord(words[end] ?? first) === "particle") end--;
    const run = words.slice(index, end + 1);
    // "Kalaiselvi and Tareq": a name right after another, joined by "and" or a comma, is led in by it.
    const chained = found.length > 0 && /^(?:,| and| &|, and) $/.test(text.slice(found.at(-1)?.[1] ?? 0, first.start));
    const decided = personIn(text, run, words[index - 1], words[last + 1], chained);
    if (decided) found.push([decided[0].start, decided[1].end]);
    index = last + 1;
  }
  return surnameFirst(text, found);
}

/** "Patient: Kowalczyk, Marta": a record's label, a family name, a comma and a given name are one name. */
function surnameFirst(text: string, found: Array<[number, number]>): Array<[number, number]> {
  const merged: Array<[number, number]> = [];
  for (const span of found) {
    const previous = merged.at(-1);
    const single = (from: number, to: number): boolean => !text.slice(from, to).includes(" ");
    if (previous && text.slice(previous[1], span[0]) === ", " && single(...previous) && single(...span) && /:\s*$/.test(text.slice(Math.max(0, previous[0] - 3), previous[0]))) {
      previous[1] = span[1];
    } else merged.push(span);
  }
  return merged;
}

/** "thanks ravi": a known given name in lower case, right after a greeting. */
function lowerCaseName(text: string, word: Word, found: Array<[number, number]>): void {
  if (word.text !== word.text.toLowerCase() || !GIVEN.has(word.lower) || AMBIGUOUS.has(word.lower)) return;
  // "majid.alfahim@example.com": a local part is the address's, not a name of its own.
  if (/^[.@_]\w/.test(text.slice(word.end, word.end + 2))) return;
  if (LOWER_CASE_CUE.test(text.slice(Math.max(0, word.start - CUE_REACH), word.start))) found.push([word.start, word.end]);
}

/** Whether `lead` leads into `run` as a person's: a cue, or a role with a colon or before a full or listed name. */
function ledIn(lead: string, names: readonly Word[], known: number): boolean {
  if (CUE.test(lead)) return true;
  const role = ROLE_CUE.exec(lead);
  // "from" and "to" only as record labels: "From: Fiona Carrick".
  const label = role?.[0].trim().replace(/^[^\p{L}]+/u, "").toLowerCase() ?? "";
  if (!role || ((label.startsWith("from") || label.startsWith("to")) && role[1] !== ":")) return false;
  return role[1] === ":" || names.length >= 2 || known > 0;
}

/** The first and last word of the name in `whole`, or undefined when the run is not a person's name. */
function personIn(text: string, whole: readonly Word[], wordBefore: Word | undefined, after: Word | undefined, chained: boolean): [Word, Word] | undefined {
  // "Caller Ahmed Khan", "Per Okada": a cue that opens the run leads into the name and is no part of it.
  const opener = whole[0];
  const openedByCue = whole.length > 1 && opener !== undefined && !isName(opener.lower) && (CUE.test(opener.text) || ROLE_CUE.test(opener.text));
  const run = openedByCue ? whole.slice(1) : whole;
  const before = openedByCue ? opener : wordBefore;
  const [first, last] = [run[0], run.at(-1)];
  // A name never ends on an initial: "Cluster D", "Liverpool L".
  if (!first || !last || (last.text.length === 1 && run.length > 1)) return undefined;
  // "Baker Street", "Martin Luther King Jr. Boulevard".
  if (after && PLACE_AFTER.has(after.lower) && /^(?:['’]s?)?\.? $/.test(text.slice(last.end, after.start))) return undefined;
  if (PLACE_NAMES.has(run.map((word) => word.lower).join(" "))) return undefined;
  const lead = text.slice(Math.max(0, first.start - CUE_REACH), first.start);
  const titled = before !== undefined && TITLE_WORDS.has(before.lower) && /^\.? $/.test(text.slice(before.end, first.start));
  if (before && PLACE_BEFORE.has(before.lower) && /^\.? $/.test(text.slice(before.end, first.start))) return undefined;
  const names = run.filter((word) => runWord(word) === "name");
  const known = names.filter((word) => isName(word.lower));
  const followed = FOLLOWED_BY.test(text.slice(last.end, last.end + 16));
  // "Tier 2", "Room 5": a word before a number or a lone letter labels a thing.
  const labelsThing = names.length === 1 && /^ (?:\d|\p{Lu}(?!\p{L}))/u.test(text.slice(last.end, last.end + 3));
  if (names.length === 0 || (labelsThing && !titled)) return undefined;
  // After a comma, a run continues a list of names only if it is a name itself: "Al-Qahtani, Villa 22" is an address.
  const listed = chained && (!lead.endsWith(", ") || known.length > 0 || names.length >= 2);
  if (titled || listed || openedByCue || text.charAt(first.start - 1) === "@" || ledIn(lead, names, known.length)) return [first, last];
  if (known.length === 0) {
    // Words the lists lack make a name only two or more together (one may be a name that is also a word: "May Thornton"), led in or followed as a person is.
    const fullName = names.length >= 2 && names.some((word) => !AMBIGUOUS.has(word.lower));
    // Three or more such words with no particle among them are more often a heading or a product ("Quarterly Revenue Trends"): only a verb after them tells.
    const heading = names.length > 2 && names.length === run.length;
    return fullName && (followed || (!heading && WEAK_CUE.test(lead))) ? [first, last] : undefined;
  }
  // A family name alone ("Park", "Bose") is as often a place or a brand: it needs a lead-in or a verb after it.
  if (names.length === 1 && !known.some((word) => parts(word.lower).some((part) => GIVEN.has(part))) && !followed) return undefined;
  return [first, last];
}

/** Names a token may use, by kind and length: listed, never ambiguous, never a word that marks a place or a title, or a cue ("Ping"). */
const pools = new Map<string, string[]>();

/** The given or family names of `length` UTF-16 units, in Title Case, that a word of a name token may become. */
export function namesOfLength(length: number, kind: "given" | "family"): readonly string[] {
  if (pools.size === 0) {
    for (const [listed, names] of [["given", GIVEN_NAMES], ["family", FAMILY_NAMES]] as const) {
      for (const name of names.split(" ")) {
        const lower = fold(name);
        const usable = /^\p{L}+$/u.test(name) && !AMBIGUOUS.has(lower) && !TITLE_WORDS.has(lower) && !PLACE_AFTER.has(lower) && !PARTICLES.has(lower) && !CUE.test(name) && !ROLE_CUE.test(name);
        const key = `${listed}:${name.length}`;
        if (usable) pools.set(key, [...(pools.get(key) ?? []), name]);
      }
    }
  }
  return pools.get(`${kind}:${length}`) ?? [];
}

/** The words of a name and the particles inside it, as the detector reads them. */
export function nameWords(name: string): Array<{ word: string; index: number; particle: boolean }> {
  return Array.from(name.matchAll(WORD), (match) => ({ word: match[0], index: match.index, particle: isParticle(fold(match[0])) }));
}
