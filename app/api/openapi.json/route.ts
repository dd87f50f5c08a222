import { openApiDocument } from "@/lib/api/openapi";
import { appOrigin } from "@/lib/env";
import * as accountAccessLog from "@/app/api/account/access-log/route";
import * as accountAuthenticatorConfirm from "@/app/api/account/authenticator/confirm/route";
import * as accountAuthenticator from "@/app/api/account/authenticator/route";
import * as accountPasskeysPasskeyid from "@/app/api/account/passkeys/[passkeyId]/route";
import * as accountPasskeysOptions from "@/app/api/account/passkeys/options/route";
import * as accountPasskeys from "@/app/api/account/passkeys/route";
import * as accountRecoveryCodes from "@/app/api/account/recovery-codes/route";
import * as accountReauthenticate from "@/app/api/account/reauthenticate/route";
import * as accountEmailVerification from "@/app/api/account/email-verification/route";
import * as emailVerification from "@/app/api/email-verification/route";
import * as accountSecondFactorOptions from "@/app/api/account/second-factor/options/route";
import * as accountSecondFactor from "@/app/api/account/second-factor/route";
import * as accountSecurity from "@/app/api/account/security/route";
import * as adminUsersUseridFactors from "@/app/api/admin/users/[userId]/factors/route";
import * as passkeysSignInOptions from "@/app/api/passkeys/sign-in-options/route";
import * as accountMailPreferences from "@/app/api/account/mail-preferences/route";
import * as accountPasswordResetConfirm from "@/app/api/account/password-reset/confirm/route";
import * as accountPasswordReset from "@/app/api/account/password-reset/route";
import * as accountPassword from "@/app/api/account/password/route";
import * as account from "@/app/api/account/route";
import * as accountExport from "@/app/api/account/export/route";
import * as accountSessions from "@/app/api/account/sessions/route";
import * as accountTokens from "@/app/api/account/tokens/route";
import * as accountTokensTokenid from "@/app/api/account/tokens/[tokenId]/route";
import * as adminTokens from "@/app/api/admin/tokens/route";
import * as adminTokensTokenid from "@/app/api/admin/tokens/[tokenId]/route";
import * as docs from "@/app/api/docs/route";
import * as docsScalarJs from "@/app/api/docs/scalar.js/route";
import * as addressNormalize from "@/app/api/address/normalize/route";
import * as addressSuggest from "@/app/api/address/suggest/route";
import * as adminAudit from "@/app/api/admin/audit/route";
import * as adminAuditVerify from "@/app/api/admin/audit/verify/route";
import * as adminEmbeddedClock from "@/app/api/admin/embedded-clock/route";
import * as adminJobsRetry from "@/app/api/admin/jobs/retry/route";
import * as adminJobs from "@/app/api/admin/jobs/route";
import * as adminJobsRun from "@/app/api/admin/jobs/run/route";
import * as adminOffers from "@/app/api/admin/offers/route";
import * as adminOutbox from "@/app/api/admin/outbox/route";
import * as adminRefreshBudget from "@/app/api/admin/refresh-budget/route";
import * as adminSettings from "@/app/api/admin/settings/route";
import * as adminSites from "@/app/api/admin/sites/route";
import * as adminUsage from "@/app/api/admin/usage/route";
import * as adminUsersUserid from "@/app/api/admin/users/[userId]/route";
import * as adminUsersUseridSessions from "@/app/api/admin/users/[userId]/sessions/route";
import * as adminUsers from "@/app/api/admin/users/route";
import * as adminWebhooks from "@/app/api/admin/webhooks/route";
import * as adminWebhooksWebhookid from "@/app/api/admin/webhooks/[webhookId]/route";
import * as adminWebhooksWebhookidDeliveries from "@/app/api/admin/webhooks/[webhookId]/deliveries/route";
import * as adminWebhooksWebhookidDeliveriesDeliveryidRetry from "@/app/api/admin/webhooks/[webhookId]/deliveries/[deliveryId]/retry/route";
import * as adminWebhooksWebhookidTest from "@/app/api/admin/webhooks/[webhookId]/test/route";
import * as avm from "@/app/api/avm/route";
import * as clientsClientidInvite from "@/app/api/clients/[clientId]/invite/route";
import * as clientsClientidRefresh from "@/app/api/clients/[clientId]/refresh/route";
import * as clientsClientid from "@/app/api/clients/[clientId]/route";
import * as clientsClientidNotes from "@/app/api/clients/[clientId]/notes/route";
import * as clientsExport from "@/app/api/clients/export/route";
import * as clientsImport from "@/app/api/clients/import/route";
import * as clientsRefresh from "@/app/api/clients/refresh/route";
import * as clients from "@/app/api/clients/route";
import * as leads from "@/app/api/leads/route";
import * as leadsLeadid from "@/app/api/leads/[leadId]/route";
import * as leadsLeadidRelease from "@/app/api/leads/[leadId]/release/route";
import * as homeownerLeads from "@/app/api/homeowner/leads/route";
import * as accountLeadMail from "@/app/api/account/lead-mail/route";
import * as engagement from "@/app/api/engagement/route";
import * as health from "@/app/api/health/route";
import * as metrics from "@/app/api/metrics/route";
import * as homeEquitySummary from "@/app/api/home-equity-summary/route";
import * as homeownerVerify from "@/app/api/homeowner/verify/route";
import * as invitationsAccept from "@/app/api/invitations/accept/route";
import * as invitations from "@/app/api/invitations/route";
import * as opportunitiesOpportunityid from "@/app/api/opportunities/[opportunityId]/route";
import * as opportunities from "@/app/api/opportunities/route";
import * as ownerData from "@/app/api/owner-data/route";
import * as ownerFiguresPropertyid from "@/app/api/owner-figures/[propertyId]/route";
import * as owners from "@/app/api/owners/route";
import * as ownershipCode from "@/app/api/ownership/code/route";
import * as ownershipLetter from "@/app/api/ownership/letter/route";
import * as propertyReport from "@/app/api/property/report/route";
import * as propertySummary from "@/app/api/property/summary/route";
import * as signup from "@/app/api/signup/route";
import * as unsubscribe from "@/app/api/unsubscribe/route";
import * as widgetValuation from "@/app/api/widget/valuation/route";
import * as widgetLeads from "@/app/api/widget/leads/route";
import * as widgetLeadsChallenge from "@/app/api/widget/leads/challenge/route";
import * as widgetReport from "@/app/api/widget/report/route";
import * as widgetOrigin from "@/app/api/widget/origin/route";
import * as locale from "@/app/api/locale/route";
import * as accountOfficerProfile from "@/app/api/account/officer-profile/route";
import * as accountOfficerProfilePhoto from "@/app/api/account/officer-profile/photo/route";
import * as officersUseridPhoto from "@/app/api/officers/[userId]/photo/route";
import * as organizationLogo from "@/app/api/organization/logo/route";
import * as adminOrganization from "@/app/api/admin/organization/route";
import * as adminOrganizationLogo from "@/app/api/admin/organization/logo/route";
import * as adminUsersUseridOfficer from "@/app/api/admin/users/[userId]/officer/route";

// GET /api/openapi.json: the API as OpenAPI 3.1, from each route's own declaration. lib/api/openapi.test.ts checks
// that every route file is listed here at its own path; the integration tests check every answer they get against it.
// Built once per process, not at build time: its `servers` is the origin the app is configured to be reached at.

/** Every documented route file, by the path it is served at. */
const ROUTES = {
  "/api/account": account,
  "/api/account/access-log": accountAccessLog,
  "/api/account/authenticator": accountAuthenticator,
  "/api/account/authenticator/confirm": accountAuthenticatorConfirm,
  "/api/account/passkeys": accountPasskeys,
  "/api/account/passkeys/options": accountPasskeysOptions,
  "/api/account/passkeys/{passkeyId}": accountPasskeysPasskeyid,
  "/api/account/recovery-codes": accountRecoveryCodes,
  "/api/account/reauthenticate": accountReauthenticate,
  "/api/account/email-verification": accountEmailVerification,
  "/api/email-verification": emailVerification,
  "/api/account/second-factor": accountSecondFactor,
  "/api/account/second-factor/options": accountSecondFactorOptions,
  "/api/account/security": accountSecurity,
  "/api/account/mail-preferences": accountMailPreferences,
  "/api/account/lead-mail": accountLeadMail,
  "/api/account/officer-profile": accountOfficerProfile,
  "/api/account/officer-profile/photo": accountOfficerProfilePhoto,
  "/api/officers/{userId}/photo": officersUseridPhoto,
  "/api/organization/logo": organizationLogo,
  "/api/admin/organization": adminOrganization,
  "/api/admin/organization/logo": adminOrganizationLogo,
  "/api/admin/users/{userId}/officer": adminUsersUseridOfficer,
  "/api/account/password": accountPassword,
  "/api/account/password-reset": accountPasswordReset,
  "/api/account/password-reset/confirm": accountPasswordResetConfirm,
  "/api/account/export": accountExport,
  "/api/account/sessions": accountSessions,
  "/api/account/tokens": accountTokens,
  "/api/account/tokens/{tokenId}": accountTokensTokenid,
  "/api/admin/tokens": adminTokens,
  "/api/admin/tokens/{tokenId}": adminTokensTokenid,
  "/api/docs": docs,
  "/api/docs/scalar.js": docsScalarJs,
  "/api/address/normalize": addressNormalize,
  "/api/address/suggest": addressSuggest,
  "/api/admin/audit": adminAudit,
  "/api/admin/audit/verify": adminAuditVerify,
  "/api/admin/embedded-clock": adminEmbeddedClock,
  "/api/admin/jobs": adminJobs,
  "/api/admin/jobs/retry": adminJobsRetry,
  "/api/admin/jobs/run": adminJobsRun,
  "/api/admin/offers": adminOffers,
  "/api/admin/outbox": adminOutbox,
  "/api/admin/refresh-budget": adminRefreshBudget,
  "/api/admin/settings": adminSettings,
  "/api/admin/sites": adminSites,
  "/api/admin/usage": adminUsage,
  "/api/admin/users": adminUsers,
  "/api/admin/users/{userId}": adminUsersUserid,
  "/api/admin/users/{userId}/factors": adminUsersUseridFactors,
  "/api/admin/users/{userId}/sessions": adminUsersUseridSessions,
  "/api/admin/webhooks": adminWebhooks,
  "/api/admin/webhooks/{webhookId}": adminWebhooksWebhookid,
  "/api/admin/webhooks/{webhookId}/deliveries": adminWebhooksWebhookidDeliveries,
  "/api/admin/webhooks/{webhookId}/deliveries/{deliveryId}/retry": adminWebhooksWebhookidDeliveriesDeliveryidRetry,
  "/api/admin/webhooks/{webhookId}/test": adminWebhooksWebhookidTest,
  "/api/avm": avm,
  "/api/clients": clients,
  "/api/clients/export": clientsExport,
  "/api/clients/import": clientsImport,
  "/api/clients/refresh": clientsRefresh,
  "/api/clients/{clientId}/invite": clientsClientidInvite,
  "/api/clients/{clientId}/refresh": clientsClientidRefresh,
  "/api/clients/{clientId}": clientsClientid,
  "/api/clients/{clientId}/notes": clientsClientidNotes,
  "/api/engagement": engagement,
  "/api/health": health,
  "/api/home-equity-summary": homeEquitySummary,
  "/api/homeowner/verify": homeownerVerify,
  "/api/homeowner/leads": homeownerLeads,
  "/api/leads": leads,
  "/api/leads/{leadId}": leadsLeadid,
  "/api/leads/{leadId}/release": leadsLeadidRelease,
  "/api/metrics": metrics,
  "/api/invitations": invitations,
  "/api/invitations/accept": invitationsAccept,
  "/api/opportunities": opportunities,
  "/api/opportunities/{opportunityId}": opportunitiesOpportunityid,
  "/api/owner-data": ownerData,
  "/api/owner-figures/{propertyId}": ownerFiguresPropertyid,
  "/api/owners": owners,
  "/api/passkeys/sign-in-options": passkeysSignInOptions,
  "/api/ownership/code": ownershipCode,
  "/api/ownership/letter": ownershipLetter,
  "/api/property/report": propertyReport,
  "/api/property/summary": propertySummary,
  "/api/signup": signup,
  "/api/unsubscribe": unsubscribe,
  "/api/widget/valuation": widgetValuation,
  "/api/widget/leads": widgetLeads,
  "/api/widget/leads/challenge": widgetLeadsChallenge,
  "/api/widget/report": widgetReport,
  "/api/widget/origin": widgetOrigin,
  "/api/locale": locale,
};

let document: ReturnType<typeof openApiDocument> | undefined;

export function GET() {
  document ??= openApiDocument(ROUTES, appOrigin);
  return Response.json(document);
}
