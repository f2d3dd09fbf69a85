// Session helpers for every remote: where to go after login, and guarding pages that act for a user.
export * from './loginRedirect';
export * from './RequireAuth';
export { assuranceOf, awaitsSecondFactor, type Assurance, type AssuranceLevel } from './assurance';
