// The contacts' public face: what other modules and the composition root may use.
export { ANONYMISED, ANONYMISED_EMAIL_DOMAIN, anonymiseContactRows } from "./anonymise.ts";
export { pipelineByStage } from "./board.ts";
export {
  type LinkedContact,
  linkContactsToCompany,
  moveCompanyPeople,
  unlinkContactFromCompany,
} from "./company-link.ts";
export { contactEmailRenderers } from "./email-renderers.ts";
export { forgetConfirmationsBefore } from "./intake-repo.ts";
export {
  currentOpportunityOf,
  findOpportunity,
  type OpportunityRow,
  openOpportunity,
  opportunityQuoted,
  opportunityWon,
  type SalesActor,
} from "./opportunity-sales.ts";
export { activeOwner, recordContactEvent, UnknownOwnerError } from "./pipeline.ts";
export { insertContactEvent, lockPipeline } from "./pipeline-repo.ts";
export { addReceivedEmail, type ReceivedEmail } from "./received-email.ts";
export { deleteContactRows, refreshContactListing } from "./repo.ts";
export { type Actor, contactDetail } from "./service.ts";
export { IN_REVIEW, VISIBLE } from "./tables.ts";
