/**
 * Test card data as the payment widget sends it: Adyen's test pseudo-encrypted fields
 * (`test_<value>`), which the offline test gateway reads (server/payments/test-gateway.ts).
 */
export function testCard(number: string, opts: { year?: string; cvc?: string } = {}) {
  return {
    paymentMethod: {
      type: "scheme",
      encryptedCardNumber: `test_${number.replace(/ /g, "")}`,
      encryptedExpiryMonth: "test_03",
      encryptedExpiryYear: `test_${opts.year ?? "2030"}`,
      encryptedSecurityCode: `test_${opts.cvc ?? "737"}`,
      holderName: "Anna Buyer",
    },
    browserInfo: {
      acceptHeader: "*/*",
      colorDepth: 24,
      language: "en-US",
      javaEnabled: false,
      screenHeight: 900,
      screenWidth: 1440,
      timeZoneOffset: -60,
      userAgent: "vitest",
    },
    riskData: { clientData: "eyJ2ZXJzaW9uIjoiMS4wLjAifQ==" },
    clientStateDataIndicator: true,
  };
}
