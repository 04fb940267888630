-- The help centre is the content module's content_pages now (0061 copied every article there).
DROP TABLE "help_articles" CASCADE;
