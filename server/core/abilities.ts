import { can, type Action } from "../../rules/permissions.js";
import { forbidden } from "./problem.js";

/** The signed-in shop user, read from the database on every request. */
export interface Principal {
  userId: number;
  companyId: number;
  email: string;
  roles: string[];
  /** The company's contract price list and currency, read with the user on every request. */
  priceListCode: string;
  currencyCode: string;
  /**
   * The catalogue version committed when the principal was read (decision 046): a catalogue
   * answer held in memory for an older version is not served. Absent where a principal is
   * made without reading the session (tests).
   */
  catalogueVersion?: number;
}

/** Refuses (403) what the principal's roles do not allow. */
export function requireAbility(principal: Principal, action: Action) {
  if (!can(principal.roles, action)) throw forbidden();
}
