#!/usr/bin/env bash
# A throw-away OpenLDAP for tests and for trying the directories by hand (Debian's slapd and ldap-utils).
#   slapd.sh start <dir> <port> <userCount>   serves dc=example,dc=test on ldap://127.0.0.1:<port>
#   slapd.sh stop <dir>                       stops it and removes <dir>
# Users: uid=user00001…,ou=people,dc=example,dc=test (inetOrgPerson, password Password1!). Accounts:
#   cn=portal-reader,ou=services,dc=example,dc=test / reader-secret   reads ou=people
#   cn=portal-writer,ou=services,dc=example,dc=test / writer-secret   reads ou=people, writes userPassword
#   cn=admin,dc=example,dc=test / admin-secret                        the root DN
# Like Active Directory (at 1,000), a plain search answers at most 500 entries; a paged search reads all.
set -euo pipefail
SLAPD=/usr/sbin/slapd
SLAPADD=/usr/sbin/slapadd
BASE=dc=example,dc=test

command=${1:?usage: slapd.sh start <dir> <port> <userCount> | stop <dir>}
dir=${2:?the directory to keep the server in}

if [ "$command" = stop ]; then
  if [ -f "$dir/slapd.pid" ]; then kill "$(cat "$dir/slapd.pid")" 2>/dev/null || true; fi
  for _ in $(seq 1 50); do [ -f "$dir/slapd.pid" ] && kill -0 "$(cat "$dir/slapd.pid")" 2>/dev/null || break; sleep 0.05; done
  rm -rf "$dir"
  exit 0
fi

port=${3:?the port to listen on}
count=${4:-200}
mkdir -p "$dir/db"
hash() { /usr/sbin/slappasswd -s "$1"; }

cat >"$dir/slapd.conf" <<CONF
include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/nis.schema
include /etc/ldap/schema/inetorgperson.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile $dir/slapd.pid
sizelimit size.soft=500 size.hard=500 size.prtotal=unlimited
database mdb
maxsize 1073741824
suffix "$BASE"
rootdn "cn=admin,$BASE"
rootpw $(hash admin-secret)
directory $dir/db
access to attrs=userPassword
  by dn.exact="cn=portal-writer,ou=services,$BASE" write
  by anonymous auth
  by self write
  by * none
access to dn.subtree="ou=people,$BASE"
  by dn.exact="cn=portal-writer,ou=services,$BASE" read
  by dn.exact="cn=portal-reader,ou=services,$BASE" read
  by self read
  by * none
access to dn.base="$BASE"
  by users read
  by * none
access to *
  by self read
  by * none
CONF

user_password=$(hash 'Password1!')
surnames=(Smith Nguyen Garcia Muller Tanaka Okafor Rossi Kowalski Dubois Silva)
given=(Anna Bao Carlos Dana Emeka Fatima Giulia Hiro Ines Jakub)
{
  printf 'dn: %s\nobjectClass: dcObject\nobjectClass: organization\ndc: example\no: Example\n\n' "$BASE"
  printf 'dn: ou=people,%s\nobjectClass: organizationalUnit\nou: people\n\n' "$BASE"
  printf 'dn: ou=services,%s\nobjectClass: organizationalUnit\nou: services\n\n' "$BASE"
  for account in reader writer; do
    printf 'dn: cn=portal-%s,ou=services,%s\nobjectClass: person\ncn: portal-%s\nsn: %s\nuserPassword: %s\n\n' \
      "$account" "$BASE" "$account" "$account" "$(hash "$account-secret")"
  done
  for ((n = 1; n <= count; n++)); do
    id=$(printf 'user%05d' "$n")
    first=${given[$((n % 10))]}
    last=${surnames[$(((n / 10) % 10))]}
    printf 'dn: uid=%s,ou=people,%s\nobjectClass: inetOrgPerson\nuid: %s\ncn: %s %s\ngivenName: %s\nsn: %s\ndisplayName: %s %s %05d\nmail: %s@example.test\nmobile: +1555%07d\nuserPassword: %s\n\n' \
      "$id" "$BASE" "$id" "$first" "$last" "$first" "$last" "$first" "$last" "$n" "$id" "$n" "$user_password"
  done
} >"$dir/data.ldif"
"$SLAPADD" -q -f "$dir/slapd.conf" -l "$dir/data.ldif" >"$dir/slapadd.log" 2>&1

"$SLAPD" -f "$dir/slapd.conf" -h "ldap://127.0.0.1:$port/" >"$dir/slapd.log" 2>&1
for _ in $(seq 1 200); do
  if ldapsearch -x -H "ldap://127.0.0.1:$port" -b '' -s base >/dev/null 2>&1; then exit 0; fi
  sleep 0.05
done
echo "slapd did not start on port $port; its log:" >&2
cat "$dir/slapd.log" >&2
exit 1
