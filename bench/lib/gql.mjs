/* global fetch */
/** Posts a GraphQL operation to the portal's gateway and returns `data` (throws on errors). */
export async function gql(baseUrl, query, variables = {}, token = null) {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors?.length) throw new Error(JSON.stringify(body.errors));
  return body.data;
}
