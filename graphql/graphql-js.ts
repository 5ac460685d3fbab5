/**
 * The gateway's one door to graphql-js values. graphql ships a CommonJS build (`index.js`,
 * what Node and graphql-yoga's dependencies load) and an ES module build (`index.mjs`, what
 * bundler-style resolvers such as vitest's pick for a bare "graphql"). graphql-js refuses
 * schema objects and errors of a second copy, so the gateway names the CommonJS build
 * explicitly and shares yoga's copy everywhere. Types may still be imported from "graphql".
 */
export {
  getNamedType,
  getNullableType,
  GraphQLError,
  isInterfaceType,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  validate,
} from "graphql/index.js";
