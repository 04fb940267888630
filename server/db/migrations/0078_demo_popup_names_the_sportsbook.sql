-- The demo's "what there is to play" popup said there was no sports betting; the book is there now. Only
-- the text as seeded changes: an operator's own wording is left alone.
UPDATE "announcements"
SET "content" = jsonb_build_object(
  'pt', '<p>Três slots de 5 rolos, uma pescaria, duas mesas de bacará ao vivo com crupiê simulado, rinhas, seis jogos originais, nove loterias e apostas esportivas em futebol e e-sports, com partidas simuladas ao vivo.</p>',
  'en', '<p>Three 5-reel slots, a fish shooter, two live baccarat tables with a simulated dealer, cockfights, six original games, nine lotteries, and sports betting on football and e-sports, with simulated matches played live.</p>')
WHERE "kind" = 'popup'
  AND "content"->>'pt' = '<p>Três slots de 5 rolos, uma pescaria, duas mesas de bacará ao vivo com crupiê simulado, rinhas, seis jogos originais e nove loterias. Apostas esportivas ainda não.</p>';
