import { describe, expect, it } from "vitest";
import { applicationApprovedMail } from "../../server/mail/messages.js";
import { LANGUAGES } from "../../server/core/i18n.js";

const LINK = "http://localhost:8080/register/abc123";

/** What each language's approval mail must say: the application is approved, set a password. */
const APPROVED: Record<(typeof LANGUAGES)[number], RegExp> = {
  en: /your application for Atelier Nord Inc\. is approved[\s\S]*Set your password/,
  fr: /votre candidature pour Atelier Nord Inc\. est approuvée[\s\S]*Définissez votre mot de passe/,
  de: /Ihr Antrag für Atelier Nord Inc\. ist genehmigt[\s\S]*Legen Sie hier Ihr Passwort fest/,
  it: /la tua candidatura per Atelier Nord Inc\. è stata approvata[\s\S]*Imposta qui la tua password/,
  es: /su solicitud para Atelier Nord Inc\. ha sido aprobada[\s\S]*Establezca aquí su contraseña/,
};

/**
 * Issue 17: the approval mail said the applicant's own company "has invited you" and asked for
 * the name they had given. It now says their application is approved and links to setting a
 * password, in the language they applied in.
 */
describe("the approval mail of a partner application", () => {
  it.each(LANGUAGES)("says the application is approved and links to the password (%s)", (lang) => {
    const mail = applicationApprovedMail(lang, {
      to: "anna@atelier-nord.example",
      name: "Anna",
      company: "Atelier Nord Inc.",
      link: LINK,
      days: 7,
      brandName: "Lumé Atelier",
      supportEmail: "partners@lume-atelier.example",
    });
    expect(mail.kind).toBe("application_approved");
    expect(mail.to).toBe("anna@atelier-nord.example");
    expect(mail.subject).toContain("Lumé Atelier");
    expect(mail.text).toMatch(APPROVED[lang]);
    expect(mail.text).toContain(`\n${LINK}\n`);
    expect(mail.text).toContain("Anna");
    expect(mail.text).toContain("7");
    expect(mail.text).toContain("partners@lume-atelier.example");
    expect(mail.text).not.toMatch(/invited|eingeladen|invité|invitato|invitado/i);
    expect(mail.text).not.toMatch(/\bname\b|Namen|nom\b|nome\b|nombre\b/i);
    expect(`${mail.subject}${mail.text}`).not.toMatch(/[{}]/);
  });

  it("echoes nothing an applicant could turn into a link", () => {
    const mail = applicationApprovedMail("en", {
      to: "x@example.com",
      name: "<b>Eve</b> evil.example",
      company: "Shop https://evil.example",
      link: LINK,
      days: 7,
      brandName: "Lumé Atelier",
      supportEmail: "partners@lume-atelier.example",
    });
    expect(mail.text).not.toMatch(/evil\.example|<b>/);
  });
});
