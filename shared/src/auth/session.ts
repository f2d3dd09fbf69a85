// Session helpers for every remote: where to go after login, and guarding pages that act for a user.
export { LOGIN_PATH, type LoginRouteState, type ReturnLocation, returnLocationAfterLogin, sameOriginPath } from './loginRedirect';
export { RequireAuth } from './RequireAuth';
export { assuranceOf, awaitsSecondFactor, type Assurance } from './assurance';
