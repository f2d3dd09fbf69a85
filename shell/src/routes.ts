// Every route of the product, each path served by one remote's federated screen (routeTable.mjs).
export { SCREEN_ROUTES, type ScreenRoute } from './routeTable.mjs';
