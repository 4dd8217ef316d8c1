/**
 * A test's own books of what parties owe (issue 42), in integer paise, from the rules alone: each
 * document with a party is a charge (an invoice or bill, a refund, an opening balance owed) or a
 * credit (a receipt or payment, a note, an opening balance in the party's favour); a share settles
 * a charge by a credit, from the later of the two documents' dates. As of a day a document is open
 * by its amount less its shares in place then; a party's open documents add up to its balance.
 */

export interface PartyDoc {
  readonly key: string;
  readonly party: string;
  date: string;
  /** When payment is due (the date when none was set). */
  due: string;
  /** Paise, positive: the charge's or the credit's size. */
  amount: bigint;
  readonly charge: boolean;
  active: boolean;
}

export interface PartyBooks {
  readonly docs: Map<string, PartyDoc>;
  /** `charge|credit` → paise. */
  readonly shares: Map<string, bigint>;
}

export const newBooks = (): PartyBooks => ({ docs: new Map(), shares: new Map() });
export const copyBooks = (b: PartyBooks): PartyBooks => ({ docs: new Map([...b.docs].map(([k, d]) => [k, { ...d }])), shares: new Map(b.shares) });

export const addDoc = (b: PartyBooks, doc: PartyDoc) => b.docs.set(doc.key, doc);
/** Sets a share (0 removes it). */
export const setShare = (b: PartyBooks, charge: string, credit: string, paise: bigint) => {
  if (paise === 0n) b.shares.delete(`${charge}|${credit}`);
  else b.shares.set(`${charge}|${credit}`, paise);
};
export const shareOf = (b: PartyBooks, charge: string, credit: string) => b.shares.get(`${charge}|${credit}`) ?? 0n;

/** What is left of a document now (every share counts): due on a charge, unapplied of a credit. */
export const leftOf = (b: PartyBooks, key: string) => {
  const doc = b.docs.get(key)!;
  let left = doc.amount;
  for (const [k, paise] of b.shares) if (k.split('|')[doc.charge ? 0 : 1] === key) left -= paise;
  return left;
};

const BUCKETS = [['notDue', 0], ['d30', 30], ['d60', 60], ['d90', 90], ['d120', 120], ['over120', Infinity]] as const;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export interface PartyAgeing {
  total: bigint;
  onAccount: bigint;
  buckets: Record<string, bigint>;
}

/** Each party's ageing on a day: owed documents in buckets by days past due, open credits on account. */
export const ageingOn = (b: PartyBooks, asOf: string): Map<string, PartyAgeing> => {
  const live = (key: string) => {
    const d = b.docs.get(key);
    return d && d.active && d.date <= asOf ? d : null;
  };
  const open = new Map<string, bigint>();
  for (const d of b.docs.values()) if (live(d.key)) open.set(d.key, d.charge ? d.amount : -d.amount);
  for (const [k, paise] of b.shares) {
    const [charge, credit] = k.split('|') as [string, string];
    if (!live(charge) || !live(credit)) continue;
    open.set(charge, open.get(charge)! - paise);
    open.set(credit, open.get(credit)! + paise);
  }
  const parties = new Map<string, PartyAgeing>();
  for (const [key, paise] of open) {
    if (paise === 0n) continue;
    const doc = b.docs.get(key)!;
    const p = parties.get(doc.party) ?? { total: 0n, onAccount: 0n, buckets: Object.fromEntries(BUCKETS.map(([k]) => [k, 0n])) };
    p.total += paise;
    if (paise < 0n) p.onAccount += paise;
    else {
      const days = daysBetween(doc.due, asOf);
      const bucket = BUCKETS.find(([, upTo]) => days <= upTo)![0];
      p.buckets[bucket]! += paise;
    }
    parties.set(doc.party, p);
  }
  return new Map([...parties].filter(([, p]) => p.total !== 0n || p.onAccount !== 0n));
};
