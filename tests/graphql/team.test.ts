import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AddressBookDocument,
  ChangeCompanyUserRoleDocument,
  ChangePasswordDocument,
  CompanyDetailsDocument,
  CompanyUsersDocument,
  ConfirmEmailChangeDocument,
  CreateAddressDocument,
  DeleteAddressDocument,
  InviteCompanyUserDocument,
  MyInformationDocument,
  RegisterTeamMemberDocument,
  RemoveCompanyUserDocument,
  SetDefaultShippingAddressDocument,
  TeamInvitationDocument,
  UpdateAddressDocument,
  UpdateMyInformationDocument,
  type AddressInput,
} from "../../src/lib/gql/graphql.js";
import { USERS } from "../support/test-app.js";
import {
  ApiSignInDocument,
  ApiChangePasswordDocument,
  dataOf,
  expectType,
  PASSWORD,
  startGateway,
  type GatewayHarness,
} from "./harness.js";

const ADDRESS: AddressInput = {
  firstName: "Hanna",
  lastName: "Berger",
  company: "Demo Spa GmbH",
  street: "Lindenstraße 5",
  city: "Köln",
  postcode: "50667",
  countryCode: "DE",
};

describe("gateway: company, my information, team, address book, team registration", () => {
  let h: GatewayHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await startGateway();
    for (const email of Object.values(USERS)) tokens[email] = await h.t.token(email);
  });
  afterAll(async () => h?.close());

  const as = (email: string) => ({ token: tokens[email]! });
  const errorCodeOf = (answer: { errors?: readonly { extensions?: unknown }[] }) =>
    (answer.errors?.[0]?.extensions as { code?: string } | undefined)?.code;

  /** The token of the newest invitation mailed to `email`. */
  async function invitationToken(email: string) {
    const mail = await h.t.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", email)
      .where("kind", "=", "invitation")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return /\/register\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
  }

  describe("company details", () => {
    it("answers name, tax number and the registered (default billing) address", async () => {
      const details = dataOf(
        await h.run(CompanyDetailsDocument, {}, as(USERS.spaBuyer)),
      ).companyDetails;
      expect(details).toMatchObject({
        companyName: "Demo Spa GmbH",
        legalName: "Demo Spa Wellness GmbH",
        email: "office@demo-spa.example",
        phoneNumber: "+49 30 1234567",
        taxNumber: "DE123456789",
      });
      expect(details.address).toMatchObject({ id: "1", isDefaultBilling: true });
    });

    it("answers each company its own details", async () => {
      const details = dataOf(
        await h.run(CompanyDetailsDocument, {}, as(USERS.retailAdmin)),
      ).companyDetails;
      expect(details).toMatchObject({
        companyName: "Demo Retail Inc.",
        legalName: "Demo Retail Incorporated",
        email: "office@demo-retail.example",
        phoneNumber: "+1 212 555 0100",
        taxNumber: null,
      });
    });

    it("needs a token", async () => {
      const answer = await h.run(CompanyDetailsDocument, {});
      expect(errorCodeOf(answer)).toBe("UNAUTHENTICATED");
    });

    // Account spec 6: Company details and Address book are not MARKETING's; the REST 403
    // arrives as FORBIDDEN with the server's translated words.
    it("refuses MARKETING users with FORBIDDEN", async () => {
      const answer = await h.run(CompanyDetailsDocument, {}, as(USERS.spaMarketing));
      expect(errorCodeOf(answer)).toBe("FORBIDDEN");
      expect(answer.errors?.[0]?.message).toBe("Your role does not allow this action.");
      expect(answer.data?.companyDetails ?? null).toBeNull();
    });
  });

  describe("my information", () => {
    it("changes the personal fields; a blank job title clears it", async () => {
      const result = expectType(
        dataOf(
          await h.run(
            UpdateMyInformationDocument,
            {
              input: {
                firstName: "Bruno",
                lastName: "Buyer",
                email: USERS.spaBuyer,
                phoneNumber: "+49 221 555",
                jobTitle: "",
              },
            },
            as(USERS.spaBuyer),
          ),
        ).updateMyInformation,
        "Customer",
      );
      expect(result).toMatchObject({ firstName: "Bruno", phoneNumber: "+49 221 555" });
      expect(result.jobTitle).toBeNull();
      const me = dataOf(await h.run(MyInformationDocument, {}, as(USERS.spaBuyer))).me;
      expect(me?.firstName).toBe("Bruno");
    });

    it("answers rule breaks as a ValidationError naming the fields", async () => {
      const result = expectType(
        dataOf(
          await h.run(
            UpdateMyInformationDocument,
            { input: { firstName: "B", lastName: "", email: "not-an-email" } },
            as(USERS.spaBuyer),
          ),
        ).updateMyInformation,
        "ValidationError",
      );
      expect(result.violations.map((v) => v.propertyPath).sort()).toEqual([
        "email",
        "firstName",
        "lastName",
      ]);
    });

    it("answers letters in the phone number as a ValidationError at the phone (issue 30)", async () => {
      const input = {
        firstName: "Bruno",
        lastName: "Buyer",
        email: USERS.spaBuyer,
        phoneNumber: "0221 CALL ME",
      };
      const result = expectType(
        dataOf(await h.run(UpdateMyInformationDocument, { input }, as(USERS.spaBuyer)))
          .updateMyInformation,
        "ValidationError",
      );
      expect(result.violations.map((v) => `${v.propertyPath} ${v.code}`)).toEqual([
        "phoneNumber address.phoneInvalid",
      ]);
    });

    it("changes the e-mail only with the password and the confirmation link (issue 18)", async () => {
      const input = { firstName: "Bruno", lastName: "Buyer", email: "bruno@new-mailbox.example" };
      const refused = expectType(
        dataOf(await h.run(UpdateMyInformationDocument, { input }, as(USERS.spaBuyer)))
          .updateMyInformation,
        "ValidationError",
      );
      expect(refused.violations.map((v) => v.propertyPath)).toEqual(["currentPassword"]);
      const asked = expectType(
        dataOf(
          await h.run(
            UpdateMyInformationDocument,
            { input: { ...input, currentPassword: PASSWORD } },
            as(USERS.spaBuyer),
          ),
        ).updateMyInformation,
        "Customer",
      );
      expect(asked).toMatchObject({ email: USERS.spaBuyer, pendingEmail: input.email });
      const mail = await h.t.db
        .selectFrom("mail_outbox")
        .select("text_body")
        .where("to_address", "=", input.email)
        .executeTakeFirstOrThrow();
      const token = /\/confirm-email\/([\w-]+)/.exec(mail.text_body)![1]!;
      const unknown = dataOf(
        await h.run(ConfirmEmailChangeDocument, { token: "no-such-link" }, {}),
      ).confirmEmailChange;
      expectType(unknown, "NotFoundError");
      const confirmed = expectType(
        dataOf(await h.run(ConfirmEmailChangeDocument, { token }, {})).confirmEmailChange,
        "EmailChangeConfirmed",
      );
      expect(confirmed.email).toBe(input.email);
      // The change ended the account's sessions (decision 060): the old one is refused.
      const ended = await h.run(MyInformationDocument, {}, as(USERS.spaBuyer));
      expect(ended.errors?.[0]?.extensions).toMatchObject({ code: "UNAUTHENTICATED" });
      const id = await h.t.userId(input.email);
      await h.t.db
        .updateTable("shop_users")
        .set({ email: USERS.spaBuyer })
        .where("id", "=", id)
        .execute();
      const again = dataOf(
        await h.run(ApiSignInDocument, { email: USERS.spaBuyer, password: PASSWORD }),
      ).signIn;
      tokens[USERS.spaBuyer] = expectType(again, "SignInSuccess").token;
    });

    it("refuses MARKETING users (ForbiddenError)", async () => {
      const result = dataOf(
        await h.run(
          UpdateMyInformationDocument,
          { input: { firstName: "Mia", lastName: "Marketing", email: USERS.spaMarketing } },
          as(USERS.spaMarketing),
        ),
      ).updateMyInformation;
      expectType(result, "ForbiddenError");
    });
  });

  describe("password change", () => {
    it("refuses MARKETING users with FORBIDDEN and keeps their password", async () => {
      const before = await h.t.fingerprint();
      const answer = await h.run(
        ChangePasswordDocument,
        {
          input: {
            currentPassword: PASSWORD,
            newPassword: "a-new-pass-phrase",
            confirmNewPassword: "a-new-pass-phrase",
          },
        },
        as(USERS.spaMarketing),
      );
      expect(errorCodeOf(answer)).toBe("FORBIDDEN");
      expect(await h.t.fingerprint()).toBe(before);
    });

    it("refuses a wrong current password and a mismatch, with the server's words", async () => {
      const result = expectType(
        dataOf(
          await h.run(
            ApiChangePasswordDocument,
            {
              input: {
                currentPassword: "wrong-password",
                newPassword: "a-new-pass-phrase",
                confirmNewPassword: "another-pass-phrase",
              },
            },
            as(USERS.retailAdmin),
          ),
        ).changePassword,
        "ValidationError",
      );
      expect(result.violations.map((v) => v.propertyPath)).toEqual([
        "currentPassword",
        "confirmNewPassword",
      ]);
    });

    it("answers a fresh token; the old one stops working; the new password signs in", async () => {
      const old = tokens[USERS.retailAdmin]!;
      const changed = expectType(
        dataOf(
          await h.run(
            ApiChangePasswordDocument,
            {
              input: {
                currentPassword: PASSWORD,
                newPassword: "retail-new-secret",
                confirmNewPassword: "retail-new-secret",
              },
            },
            { token: old },
          ),
        ).changePassword,
        "PasswordChanged",
      );
      expect(errorCodeOf(await h.run(MyInformationDocument, {}, { token: old }))).toBe(
        "UNAUTHENTICATED",
      );
      const me = dataOf(await h.run(MyInformationDocument, {}, { token: changed.token })).me;
      expect(me?.email).toBe(USERS.retailAdmin);
      const signedIn = dataOf(
        await h.run(ApiSignInDocument, { email: USERS.retailAdmin, password: "retail-new-secret" }),
      ).signIn;
      tokens[USERS.retailAdmin] = expectType(signedIn, "SignInSuccess").token;
    });
  });

  describe("company users", () => {
    it("lists the company's users with status, role and the caller's own row", async () => {
      const users = dataOf(await h.run(CompanyUsersDocument, {}, as(USERS.spaAdmin))).companyUsers;
      const self = users.find((u) => u.email === USERS.spaAdmin);
      expect(self).toMatchObject({ isSelf: true, role: "ADMIN", status: "ACTIVE" });
      expect(users.find((u) => u.email === "new.colleague@demo-spa.example")).toMatchObject({
        status: "PENDING",
        isSelf: false,
      });
      expect(users.every((u) => !u.email.endsWith("demo-retail.example"))).toBe(true);
    });

    it("is ADMIN only: COMMERCIAL and MARKETING get FORBIDDEN", async () => {
      for (const email of [USERS.spaBuyer, USERS.spaMarketing]) {
        expect(errorCodeOf(await h.run(CompanyUsersDocument, {}, as(email)))).toBe("FORBIDDEN");
        const invite = dataOf(
          await h.run(
            InviteCompanyUserDocument,
            { email: "someone@demo-spa.example", role: "ADMIN" },
            as(email),
          ),
        ).inviteCompanyUser;
        expectType(invite, "ForbiddenError");
      }
    });

    it("invites, changes the role, refuses the own row and removes", async () => {
      const email = "gateway.invitee@demo-spa.example";
      const invited = expectType(
        dataOf(
          await h.run(InviteCompanyUserDocument, { email, role: "MARKETING" }, as(USERS.spaAdmin)),
        ).inviteCompanyUser,
        "CompanyUser",
      );
      expect(invited).toMatchObject({ email, roles: ["MARKETING"], status: "PENDING" });

      const again = expectType(
        dataOf(await h.run(InviteCompanyUserDocument, { email, role: "ADMIN" }, as(USERS.spaAdmin)))
          .inviteCompanyUser,
        "ValidationError",
      );
      expect(again.violations[0]?.propertyPath).toBe("email");

      const badEmail = expectType(
        dataOf(
          await h.run(
            InviteCompanyUserDocument,
            { email: "nope", role: "ADMIN" },
            as(USERS.spaAdmin),
          ),
        ).inviteCompanyUser,
        "ValidationError",
      );
      expect(badEmail.violations[0]?.code).toBe("field.email");

      const changed = expectType(
        dataOf(
          await h.run(
            ChangeCompanyUserRoleDocument,
            { id: invited.id, role: "COMMERCIAL" },
            as(USERS.spaAdmin),
          ),
        ).changeCompanyUserRole,
        "CompanyUser",
      );
      expect(changed.role).toBe("COMMERCIAL");

      const users = dataOf(await h.run(CompanyUsersDocument, {}, as(USERS.spaAdmin))).companyUsers;
      const selfId = users.find((u) => u.isSelf)!.id;
      const own = expectType(
        dataOf(
          await h.run(
            ChangeCompanyUserRoleDocument,
            { id: selfId, role: "MARKETING" },
            as(USERS.spaAdmin),
          ),
        ).changeCompanyUserRole,
        "ForbiddenError",
      );
      expect(own.message).toBe("You cannot change or remove your own user.");
      expectType(
        dataOf(await h.run(RemoveCompanyUserDocument, { id: selfId }, as(USERS.spaAdmin)))
          .removeCompanyUser,
        "ForbiddenError",
      );

      // Another company's admin: not found, whatever the id.
      expectType(
        dataOf(await h.run(RemoveCompanyUserDocument, { id: invited.id }, as(USERS.retailAdmin)))
          .removeCompanyUser,
        "NotFoundError",
      );
      expectType(
        dataOf(await h.run(RemoveCompanyUserDocument, { id: invited.id }, as(USERS.spaAdmin)))
          .removeCompanyUser,
        "Deleted",
      );
      const after = dataOf(await h.run(CompanyUsersDocument, {}, as(USERS.spaAdmin))).companyUsers;
      expect(after.some((u) => u.email === email)).toBe(false);
    });
  });

  describe("team-member registration", () => {
    it("says why the link of an address with an account in another company cannot be used", async () => {
      expectType(
        dataOf(
          await h.run(
            InviteCompanyUserDocument,
            { email: USERS.retailAdmin, role: "COMMERCIAL" },
            as(USERS.spaAdmin),
          ),
        ).inviteCompanyUser,
        "CompanyUser",
      );
      const token = await invitationToken(USERS.retailAdmin);
      const invitation = dataOf(await h.run(TeamInvitationDocument, { token })).teamInvitation;
      expect(invitation).toMatchObject({
        valid: false,
        problem: "EMAIL_HAS_ACCOUNT",
        companyName: null,
      });
      expect(invitation.message).toMatch(/already has an account with us/);
    });

    it("checks the link, registers once with the mailed token, and the colleague signs in", async () => {
      const email = "gateway.colleague@demo-spa.example";
      expectType(
        dataOf(
          await h.run(InviteCompanyUserDocument, { email, role: "COMMERCIAL" }, as(USERS.spaAdmin)),
        ).inviteCompanyUser,
        "CompanyUser",
      );
      const token = await invitationToken(email);
      const before = await h.t.fingerprint();
      h.calls.length = 0;
      // A colleague's invitation: nothing known to fill in.
      expect(dataOf(await h.run(TeamInvitationDocument, { token })).teamInvitation).toEqual({
        valid: true,
        message: null,
        problem: null,
        companyName: "Demo Spa GmbH",
        approvedApplication: false,
        firstName: null,
        lastName: null,
      });
      // The check reads the REST API's invitation check, and changes nothing.
      expect(h.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
        `GET /api/v2/team-members/invitations/${token}`,
      ]);
      expect(await h.t.fingerprint()).toBe(before);
      // Whom the link invites, into which company (fields the registration page may show).
      const invitation = await h.raw(
        `{ teamInvitation(token: ${JSON.stringify(token)}) { valid message email companyName } }`,
      );
      expect(invitation.data?.teamInvitation).toEqual({
        valid: true,
        message: null,
        email,
        companyName: "Demo Spa GmbH",
      });

      const input = {
        token,
        firstName: "Greta",
        lastName: "Gateway",
        password: "greta-secret-1",
        passwordRepeat: "greta-secret-2",
        termsAccepted: false,
      };
      const refused = expectType(
        dataOf(await h.run(RegisterTeamMemberDocument, { input })).registerTeamMember,
        "ValidationError",
      );
      expect(refused.violations.map((v) => v.propertyPath).sort()).toEqual([
        "passwordRepeat",
        "termsAccepted",
      ]);
      expect(refused.violations.find((v) => v.propertyPath === "termsAccepted")?.message).toBe(
        "You must accept the terms and conditions",
      );

      const done = expectType(
        dataOf(
          await h.run(RegisterTeamMemberDocument, {
            input: { ...input, passwordRepeat: "greta-secret-1", termsAccepted: true },
          }),
        ).registerTeamMember,
        "TeamMemberRegistered",
      );
      expect(done.email).toBe(email);
      expectType(
        dataOf(await h.run(ApiSignInDocument, { email, password: "greta-secret-1" })).signIn,
        "SignInSuccess",
      );
      const used = dataOf(await h.run(TeamInvitationDocument, { token })).teamInvitation;
      expect(used.valid).toBe(false);
      expect(used.message).toContain("not valid");
      expect(used.problem).toBe("INVALID");
      const usedAgain = await h.raw(
        `{ teamInvitation(token: ${JSON.stringify(token)}) { valid email companyName } }`,
      );
      expect(usedAgain.data?.teamInvitation).toEqual({
        valid: false,
        email: null,
        companyName: null,
      });
      const users = dataOf(await h.run(CompanyUsersDocument, {}, as(USERS.spaAdmin))).companyUsers;
      expect(users.find((u) => u.email === email)?.status).toBe("ACTIVE");
    });

    it("fills in the names an approved application gave; the registration still checks them", async () => {
      const staff = await h.t.request("POST", "/api/v2/admin/token", {
        body: { email: "staff@brand.example", password: "partner-demo" },
      });
      const application = await h.t.db
        .selectFrom("partner_applications")
        .select("id")
        .where("email", "=", "owner@glow-studio.example")
        .executeTakeFirstOrThrow();
      const approved = await h.t.request(
        "POST",
        `/api/v2/admin/partner-applications/${application.id}/approve`,
        {
          token: staff.body.token,
          body: {
            priceListCode: "EUR_CONTRACT",
            currencyCode: "EUR",
            salesAgentName: "Clara Weiss",
            salesAgentEmail: "clara.weiss@lume-atelier.example",
          },
        },
      );
      expect(approved.status, approved.raw).toBe(200);
      const mail = await h.t.db
        .selectFrom("mail_outbox")
        .select("text_body")
        .where("to_address", "=", "owner@glow-studio.example")
        .where("kind", "=", "application_approved")
        .executeTakeFirstOrThrow();
      const token = /\/register\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
      expect(dataOf(await h.run(TeamInvitationDocument, { token })).teamInvitation).toEqual({
        valid: true,
        message: null,
        problem: null,
        companyName: "Glow Studio SARL",
        approvedApplication: true,
        firstName: "Camille",
        lastName: "Laurent",
      });
      // The names are still the registration's to check: one letter is refused.
      const input = {
        token,
        firstName: "Camille",
        lastName: "L",
        password: "camille-secret-1",
        passwordRepeat: "camille-secret-1",
        termsAccepted: true,
      };
      const refused = expectType(
        dataOf(await h.run(RegisterTeamMemberDocument, { input })).registerTeamMember,
        "ValidationError",
      );
      expect(refused.violations.map((v) => v.propertyPath)).toEqual(["lastName"]);
      expectType(
        dataOf(
          await h.run(RegisterTeamMemberDocument, { input: { ...input, lastName: "Laurent" } }),
        ).registerTeamMember,
        "TeamMemberRegistered",
      );
    });

    it("answers an unknown token as not valid", async () => {
      const answer = dataOf(
        await h.run(TeamInvitationDocument, { token: "no-such-token" }),
      ).teamInvitation;
      expect(answer.valid).toBe(false);
      expect(answer.message).toContain("not valid");
      const french = dataOf(
        await h.run(
          TeamInvitationDocument,
          { token: "no-such-token" },
          { headers: { "accept-language": "fr" } },
        ),
      ).teamInvitation;
      expect(french.valid).toBe(false);
      expect(french.message).not.toBe(answer.message);
      // Odd tokens are a link that does not work, never an error.
      for (const token of ["a/b", "../register", "%", "x".repeat(300)]) {
        const odd = await h.run(TeamInvitationDocument, { token });
        expect(odd.errors, JSON.stringify(odd.errors)).toBeUndefined();
        expect(dataOf(odd).teamInvitation.valid).toBe(false);
      }
      expect(dataOf(await h.run(TeamInvitationDocument, { token: " " })).teamInvitation.valid).toBe(
        false,
      );
    });
  });

  describe("address book", () => {
    it("lists addresses with countries and their provinces", async () => {
      const data = dataOf(await h.run(AddressBookDocument, {}, as(USERS.spaBuyer)));
      expect(data.addresses.map((a) => a.id)).toEqual(["1", "2"]);
      expect(data.countries.find((c) => c.code === "US")?.provinces.length).toBeGreaterThan(0);
    });

    it("creates, edits, makes default shipping and removes an address", async () => {
      const created = expectType(
        dataOf(await h.run(CreateAddressDocument, { input: ADDRESS }, as(USERS.spaBuyer)))
          .createAddress,
        "Address",
      );
      expect(created).toMatchObject({ city: "Köln", isDefaultShipping: false });

      const updated = expectType(
        dataOf(
          await h.run(
            UpdateAddressDocument,
            { id: created.id, input: { ...ADDRESS, city: "Bonn", phoneNumber: "" } },
            as(USERS.spaBuyer),
          ),
        ).updateAddress,
        "Address",
      );
      expect(updated).toMatchObject({ city: "Bonn", phoneNumber: null });

      const customer = expectType(
        dataOf(
          await h.run(SetDefaultShippingAddressDocument, { id: created.id }, as(USERS.spaBuyer)),
        ).setDefaultShippingAddress,
        "Customer",
      );
      expect(customer.defaultShippingAddressId).toBe(created.id);

      const locked = expectType(
        dataOf(await h.run(DeleteAddressDocument, { id: created.id }, as(USERS.spaBuyer)))
          .deleteAddress,
        "ValidationError",
      );
      expect(locked.violations[0]?.code).toBe("address.shippingNotRemovable");

      // The default moves back, then the address can go.
      expectType(
        dataOf(await h.run(SetDefaultShippingAddressDocument, { id: "2" }, as(USERS.spaBuyer)))
          .setDefaultShippingAddress,
        "Customer",
      );
      expectType(
        dataOf(await h.run(DeleteAddressDocument, { id: created.id }, as(USERS.spaBuyer)))
          .deleteAddress,
        "Deleted",
      );
    });

    it("applies the spec's rules: required fields, provinces, the billing address", async () => {
      const bad = expectType(
        dataOf(
          await h.run(
            CreateAddressDocument,
            { input: { ...ADDRESS, firstName: "H", countryCode: "US", postcode: "" } },
            as(USERS.spaBuyer),
          ),
        ).createAddress,
        "ValidationError",
      );
      expect(bad.violations.map((v) => v.propertyPath).sort()).toEqual([
        "firstName",
        "postcode",
        "provinceCode",
      ]);
      const billing = expectType(
        dataOf(await h.run(UpdateAddressDocument, { id: "1", input: ADDRESS }, as(USERS.spaBuyer)))
          .updateAddress,
        "ValidationError",
      );
      expect(billing.violations[0]?.code).toBe("address.billingNotEditable");
      expectType(
        dataOf(await h.run(DeleteAddressDocument, { id: "1" }, as(USERS.spaBuyer))).deleteAddress,
        "ValidationError",
      );
      expectType(
        dataOf(await h.run(UpdateAddressDocument, { id: "3", input: ADDRESS }, as(USERS.spaBuyer)))
          .updateAddress,
        "NotFoundError",
      );
      const turnOff = expectType(
        dataOf(
          await h.run(
            UpdateAddressDocument,
            { id: "2", input: { ...ADDRESS, isDefaultShipping: false } },
            as(USERS.spaBuyer),
          ),
        ).updateAddress,
        "ValidationError",
      );
      expect(turnOff.violations[0]?.propertyPath).toBe("isShipping");
    });

    it("refuses MARKETING users", async () => {
      expectType(
        dataOf(await h.run(CreateAddressDocument, { input: ADDRESS }, as(USERS.spaMarketing)))
          .createAddress,
        "ForbiddenError",
      );
    });

    it("refuses reading the book to MARKETING users with FORBIDDEN", async () => {
      const answer = await h.run(AddressBookDocument, {}, as(USERS.spaMarketing));
      expect(errorCodeOf(answer)).toBe("FORBIDDEN");
    });
  });
});
