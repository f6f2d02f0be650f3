# syntax=docker/dockerfile:1
# folio: static, CGO-free binary on a distroless base.
#
#   docker build -t folio .
#   docker run --rm -p 8080:8080 folio            # serves /api/v1
#   docker run --rm -i folio convert - -o - < in.html > out.pdf

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags="-s -w" -o /out/folio ./cmd/folio

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/folio /usr/local/bin/folio
USER nonroot:nonroot
ENV FOLIO_ADDR=:8080
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/folio"]
CMD ["serve"]
