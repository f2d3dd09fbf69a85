// Text a person typed, without control characters: the functions' own rule (supabase/functions/_shared/text.ts),
// for the screens and the portfolio model. Its own entry (`@folioforge/shared/typed-text`), so the model
// can use it without the rest of the package.
export { withoutControlCharacters } from '../../../supabase/functions/_shared/text';
