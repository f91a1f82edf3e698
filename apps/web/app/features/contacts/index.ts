// The contacts feature's public face: what the board and the tasks features use. Routes may import
// any file of a feature; other features import this one only (decision 053).
export { dueText } from "./contact-tasks";
export { useContactsAction } from "./contacts-actions";
export { formatOwner, type OwnerChoice, parseId, parseOwner } from "./contacts-query";
export { changeStage } from "./follow-up-api";
export { OwnerSelect } from "./owner-select";
export { ServicePills } from "./service-pills";
export {
  NO_STAGE_DETAILS,
  type StageDetails,
  StageDetailsFields,
  type StageErrors,
  stageAsksDetails,
  stageDetailsBody,
} from "./stage-details";
