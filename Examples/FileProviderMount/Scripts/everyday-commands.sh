#!/usr/bin/env bash
# Everyday commands, run in the folder given as the only argument. The differential test runs it
# in a plain temporary folder and in a mount, then compares the two trees (tree-manifest.sh).
# Everything it writes is deterministic: fixed dates for git and tar, no host-specific content.
set -euo pipefail
cd "$1"
umask 022
export LC_ALL=C TZ=UTC
export GIT_AUTHOR_NAME=Tester GIT_AUTHOR_EMAIL=tester@example.com GIT_AUTHOR_DATE="2024-01-01T00:00:00Z"
export GIT_COMMITTER_NAME=Tester GIT_COMMITTER_EMAIL=tester@example.com GIT_COMMITTER_DATE="2024-01-01T00:00:00Z"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null

mkdir -p a/b/c
echo "hello" > a/b/c/hello.txt
echo "line 1" > notes.txt
echo "line 2" >> notes.txt
printf 'line 3\n' >> notes.txt
cat notes.txt > notes-copy.txt
seq 1 20000 > numbers.txt
head -c 300000 /dev/zero | tr '\0' 'x' > big.txt
cp -r a a-copy
mkdir -p moved
mv a-copy/b moved/
mv notes-copy.txt moved/notes.txt
rm -r a-copy
ln -s a/b/c/hello.txt hello-link
ln -s ../notes.txt moved/notes-link
cat hello-link > via-link.txt
touch -d "2021-02-03 04:05:06" notes.txt
chmod +x numbers.txt
chmod a-w big.txt
echo "replaced" > a/b/c/hello.txt
echo one > x1
echo two > x2
mv x1 x2
dd if=/dev/zero of=sparse.bin bs=1 count=1 seek=5000 status=none
truncate -s 100 numbers.txt
mkdir -p empty/inner && rmdir empty/inner
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cf archive.tar a moved notes.txt hello-link
mkdir extracted
tar -xf archive.tar -C extracted
listing=$(find . -path ./repo -prune -o -print | sort)
echo "$listing" > find.txt
wc -c < big.txt > size.txt

if command -v git > /dev/null; then
    mkdir repo
    (
        cd repo
        git init -q -b main
        cp ../notes.txt .
        git add notes.txt
        git commit -q -m first
        echo "line 4" >> notes.txt
        git commit -q -a -m second
        git log --format='%H %s' > ../git-log.txt
        git status --porcelain > ../git-status.txt
    )
fi

if command -v sqlite3 > /dev/null; then
    sqlite3 db.sqlite "create table t(id integer primary key, name text);
        insert into t(name) values ('a'), ('b'), ('c');
        update t set name = 'z' where id = 2;
        delete from t where id = 1;"
    sqlite3 db.sqlite "select * from t;" > sqlite.txt
fi
