# One image for every role; docker-compose.yml picks the role with `command`.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY contracts/package.json contracts/
COPY eventstore/package.json eventstore/
COPY http-kit/package.json http-kit/
COPY command-service/package.json command-service/
COPY projections/package.json projections/
COPY query-service/package.json query-service/
COPY server/package.json server/
COPY ui/package.json ui/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production HOST=0.0.0.0
RUN mkdir -p /app/data && chown node /app/data
USER node
CMD ["node", "--enable-source-maps", "server/dist/embedded.js"]
