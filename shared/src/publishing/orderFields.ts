// A page's order form: field names and limits as the orders function reads them
// (supabase/functions/_shared/orderFields.ts), for the form the templates render.
export { optionField, ORDER_FIELDS, ORDER_LIMITS, quantityField } from '../../../supabase/functions/_shared/orderFields';
