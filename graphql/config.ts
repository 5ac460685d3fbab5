import { z } from "zod";

/** The gateway's side of the configuration, parsed once (the server has its own). */
const schema = z.object({
  COMMERCE_API_URL: z.string().url().optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
});

export interface GatewayConfig {
  /** The REST API to front; unset: the commerce API of this same process. */
  commerceApiUrl: string | undefined;
  production: boolean;
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid gateway configuration:\n${lines.join("\n")}`);
  }
  return {
    commerceApiUrl: parsed.data.COMMERCE_API_URL?.replace(/\/$/, ""),
    production: parsed.data.NODE_ENV === "production",
  };
}
