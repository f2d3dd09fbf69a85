// Session helpers for every remote: where to go after login, and guarding pages that act for a user.
export {
  AFTER_LOGIN_PATH,
  LOGIN_PATH,
  type LoginRouteState,
  type ReturnLocation,
  returnLocationAfterLogin,
  sameOriginPath,
} from './loginRedirect';
export { RequireAuth, type RequireAuthProps } from './RequireAuth';
export { assuranceOf, awaitsSecondFactor, type Assurance, type AssuranceLevel } from './assurance';
