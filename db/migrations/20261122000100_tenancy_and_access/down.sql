DROP TABLE users;
DROP TABLE customers;
DROP TABLE shipping_companies;
DROP TABLE company_hosts;
DROP TABLE companies;
