/**
 * The limits a partner meets in the browser and the server enforces: one home for both sides
 * (issue 20). The browser checks them for comfort (a field's length, an inline error); the
 * server decides (server/domain). Pure constants: this folder imports nothing, and every layer
 * (machines, src, graphql, server) may import it.
 */

/** A line quantity is a whole number of units from 1 to 300 (spec: storefront 5 and 9). */
export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 300;

/** At most 500 characters of order comment (spec: storefront 5). */
export const MAX_NOTE_LENGTH = 500;

/** A purchase-order number: at most 35 characters (EDI's and most ERPs' reference length). */
export const MAX_PO_NUMBER_LENGTH = 35;

/** As many lines as a quick order takes at once: an upload's rows, pasted lines, a bulk add. */
export const MAX_QUICK_ORDER_LINES = 1000;
