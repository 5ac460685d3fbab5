import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { can } from "../../../rules/permissions";
import { gateway } from "../../lib/gateway";
import { MeDocument } from "../../lib/gql/graphql";
import { useGatewayQuery } from "../../lib/use-gateway-query";

/**
 * The header's quick-order link, for the roles that may use quick order: it is hidden from
 * MARKETING users (account spec section 6), and while the user's roles are not known yet.
 * `sessionKey` (the token) re-reads the roles when another user signs in.
 */
export function QuickOrderLink({
  style,
  sessionKey,
}: {
  style: CSSProperties;
  sessionKey: string;
}) {
  const { t } = useTranslation();
  const me = useGatewayQuery(() => gateway(MeDocument, {}), `quick-order-link:${sessionKey}`);
  // While the roles load the link holds its place unseen: most roles have it, and the header
  // does not move when it comes (issue 30). A role without it loses the place once known.
  if (me.status === "loading")
    return (
      <span aria-hidden="true" style={{ ...style, visibility: "hidden" }}>
        {t("pages.quickOrder")}
      </span>
    );
  if (me.status !== "success" || !can(me.data.me?.roles ?? [], "cart.bulkAdd")) return null;
  return (
    <Link to="/shop/quick-order" style={style}>
      {t("pages.quickOrder")}
    </Link>
  );
}
