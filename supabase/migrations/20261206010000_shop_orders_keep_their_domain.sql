-- The custom domain an order was placed on (issue 48): the origin (https://shop.example) of a proven
-- custom domain of its page, recorded by the orders function when the order form reached it through
-- that domain's edge (never from the form), null when it was placed on FolioForge's own site. Every
-- status link of the order (the checkout's return page, the receipt, shipped / ready and refund
-- mails) is built from it, so the buyer stays on the shop's domain whichever call makes the link
-- (_shared/shopMailLinks.ts, which checks again that the domain is still the page's).
alter table public.shop_orders
  add column shop_origin text check (shop_origin ~ '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$');
