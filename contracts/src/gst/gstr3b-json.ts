/**
 * GSTR-3B's JSON as the GST portal's offline utility takes it: the keys and layout of
 * india-compliance's `gst_india/doctype/gstr_3b_report/gstr_3b_report_template.json`
 * (resilient-tech/india-compliance). Amounts are JSON numbers with 2 decimals.
 */

/** Taxable value and tax per head. */
export interface Gstr3bAmounts {
  readonly txval: number;
  readonly iamt: number;
  readonly camt: number;
  readonly samt: number;
  readonly csamt: number;
}
/** 3.2: one place of supply's inter-state supplies (to unregistered persons, composition taxpayers or UIN holders). */
export interface Gstr3bPos {
  /** The state code, 'NN'. */
  readonly pos: string;
  readonly txval: number;
  readonly iamt: number;
}
/** A row of table 4: IMPG import of goods, IMPS of services, ISRC reverse charge, ISD, OTH all other; RUL rules 38, 42, 43 and s.17(5). */
export interface Gstr3bItcRow<T extends string> {
  readonly ty: T;
  readonly iamt: number;
  readonly camt: number;
  readonly samt: number;
  readonly csamt: number;
}
export interface Gstr3bJson {
  readonly gstin: string;
  /** 'MMYYYY'. */
  readonly ret_period: string;
  readonly sup_details: {
    /** 3.1(a) outward taxable supplies (other than zero-rated, nil-rated and exempted). */
    readonly osup_det: Gstr3bAmounts;
    /** 3.1(b) outward taxable supplies, zero-rated. */
    readonly osup_zero: Pick<Gstr3bAmounts, 'txval' | 'iamt' | 'csamt'>;
    /** 3.1(c) other outward supplies, nil-rated and exempted. */
    readonly osup_nil_exmp: Pick<Gstr3bAmounts, 'txval'>;
    /** 3.1(d) inward supplies liable to reverse charge. */
    readonly isup_rev: Gstr3bAmounts;
    /** 3.1(e) non-GST outward supplies. */
    readonly osup_nongst: Pick<Gstr3bAmounts, 'txval'>;
  };
  readonly inter_sup: {
    readonly unreg_details: readonly Gstr3bPos[];
    readonly comp_details: readonly Gstr3bPos[];
    readonly uin_details: readonly Gstr3bPos[];
  };
  readonly itc_elg: {
    /** 4(A) ITC available. */
    readonly itc_avl: readonly [Gstr3bItcRow<'IMPG'>, Gstr3bItcRow<'IMPS'>, Gstr3bItcRow<'ISRC'>, Gstr3bItcRow<'ISD'>, Gstr3bItcRow<'OTH'>];
    /** 4(B) ITC reversed. */
    readonly itc_rev: readonly [Gstr3bItcRow<'RUL'>, Gstr3bItcRow<'OTH'>];
    /** 4(C) net ITC available: (A) − (B). */
    readonly itc_net: Omit<Gstr3bItcRow<string>, 'ty'>;
    /** 4(D) ineligible ITC. */
    readonly itc_inelg: readonly [Gstr3bItcRow<'RUL'>, Gstr3bItcRow<'OTH'>];
  };
  /** 5: values of exempt, nil-rated and non-GST inward supplies. */
  readonly inward_sup: {
    readonly isup_details: readonly [{ readonly ty: 'GST'; readonly inter: number; readonly intra: number }, { readonly ty: 'NONGST'; readonly inter: number; readonly intra: number }];
  };
  /** 3.1.1: supplies through e-commerce operators (none here). */
  readonly eco_dtls: { readonly eco_sup: Gstr3bAmounts; readonly eco_reg_sup: Pick<Gstr3bAmounts, 'txval'> };
}
