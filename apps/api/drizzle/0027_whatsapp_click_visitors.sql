CREATE TABLE "whatsapp_click_visitors" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "whatsapp_click_visitors_day_product_visitor_pk" PRIMARY KEY("day","product","visitor")
);
