/** The router's page for any unknown address (a lazy route of its own). */
export { NotFoundPage as Component } from "../../components/not-found-page";
