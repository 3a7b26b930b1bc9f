/**
 * The split of one order (B-site.md §B.8; D-income.md "Business rules: Splits"; entities.md R4.1–R4.2): the one rule
 * by which the sandbox's live orders (api/device-setup-orders.ts) and the demo world's history (db/seed/money.ts) divide
 * an order's money between the payment channel, the platform, the property's electricity, the share parties and the
 * site owner. Money fen; rates basis points; proportion percent.
 */

/** The payment channel's fee: round(G × 0.6 %) of online money (charge orders and recharges; coins pay none). */
export function channelFeeOf(gross: number): number {
  return Math.floor((2 * gross * 60 + 10000) / (2 * 10000));
}

/**
 * The platform split of a settleMode-2 owner (A split mode): ⌊G × proportion / 100⌋ of the order, capped by what the
 * open fee period still has to collect (nothing once it is full).
 */
export function platformSplitOf(gross: number, proportion: number, periodRemaining: number): number {
  return Math.min(Math.floor((gross * proportion) / 100), Math.max(0, periodRemaining));
}

/** A profit-share party as one order's split reads it: its account, party type (2 物业, 3/4/5 others) and rate (bp). */
export interface SplitParty {
  userId: number;
  partyType: number;
  /** The party's rate for the order's income type (chargeRate, cardRate or coinRate), basis points. */
  rate: number;
}

/** The amounts of one order's split (fen): the parties' shares, the electricity paid to the property, the owner's rest. */
export interface SplitAmounts {
  /** Roles 1 (物业) / 2 (其他分润方), in the order of the parties. */
  shares: { party: SplitParty; amount: number }[];
  /** Role 5 电费结算 to the property. */
  electricity: number;
  /** Role 0, the owner's remainder. */
  owner: number;
}

/**
 * The split of one order (B-site.md Business rules §B.8, entities.md R4.1), given its gross G and its costs as the
 * caller computed them (channel fee, platform split, electricity cost; fen): the shared cost SC is each cost whose
 * bearer is 3 (electricity capped by what is left of G), Base = G − SC, each party gets floor(max(Base, 0) × rate /
 * 10000), the owner pays the costs it bears (bearer 1) from the rest, and the property is paid the electricity it is
 * owed (bearer 3 from the shared part; bearer 1 from the owner's rest, capped so that the owner's row is not negative;
 * nothing when the property bears it (2) or the site has no property). The amounts with the channel fee and the platform
 * split add up to G. Used by the seed's replay and by the sandbox's live orders (api/device-setup-orders.ts).
 */
export function splitAmounts(
  gross: number,
  costs: { channelFee: number; platformFee: number; electricCost: number },
  terms: { electricBearer: number; channelFeeBearer: number; platformFeeBearer: number },
  parties: readonly SplitParty[],
  hasProperty: boolean,
): SplitAmounts {
  const electricCost = hasProperty ? costs.electricCost : 0;
  const sharedFees =
    (terms.channelFeeBearer === 3 ? costs.channelFee : 0) + (terms.platformFeeBearer === 3 ? costs.platformFee : 0);
  const sharedElectricity = terms.electricBearer === 3 ? Math.min(electricCost, Math.max(0, gross - sharedFees)) : 0;
  const base = gross - sharedFees - sharedElectricity;
  const shares = parties.map((party) => ({ party, amount: Math.floor((Math.max(base, 0) * party.rate) / 10000) }));
  let owner =
    base -
    shares.reduce((sum, s) => sum + s.amount, 0) -
    (terms.channelFeeBearer === 1 ? costs.channelFee : 0) -
    (terms.platformFeeBearer === 1 ? costs.platformFee : 0);
  const ownElectricity = terms.electricBearer === 1 ? Math.max(0, Math.min(electricCost, owner)) : 0;
  owner -= ownElectricity;
  return { shares, electricity: sharedElectricity + ownElectricity, owner };
}
