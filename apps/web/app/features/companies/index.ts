// The companies feature's public face: what the contact dialog's company section uses. Routes may
// import any file of a feature; other features import this one only (decision 053).
export { createCompany, linkPerson, loadCompanySuggestions } from "./companies-api";
export { peopleText } from "./companies-list";
