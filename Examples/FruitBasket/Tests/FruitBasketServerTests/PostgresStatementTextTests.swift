import Testing

@testable import FruitBasketServer

@Suite("PostgresStatementText rewrites ? placeholders outside literals, identifiers and comments")
struct PostgresStatementTextTests {
    @Test func numbersPlaceholdersInOrder() {
        let text = PostgresStatementText("SELECT * FROM items WHERE parent = ? AND name > ? LIMIT ?")
        #expect(text.statements == ["SELECT * FROM items WHERE parent = $1 AND name > $2 LIMIT $3"])
        #expect(text.placeholderCount == 3)
    }

    @Test(
        arguments: [
            "SELECT 'why?', 'it''s ?' FROM t",
            "SELECT E'\\'?' FROM t",
            "SELECT \"odd?name\", \"a\"\"?\" FROM t",
            "SELECT 1 -- really?\nFROM t",
            "SELECT /* what? /* nested? */ still? */ 1 FROM t",
            "SELECT $$who?$$, $tag$ $$ ? $tag$ FROM t",
        ]
    )
    func leavesQuotedTextAlone(sql: String) {
        let text = PostgresStatementText(sql)
        #expect(text.statements == [sql])
        #expect(text.placeholderCount == 0)
    }

    @Test func aPlaceholderAfterQuotedTextIsStillRewritten() {
        let text = PostgresStatementText("SELECT 'a?b' || ?, e'\\\\' || ?, x$y, $1x FROM t WHERE \"q?\" = ?")
        #expect(text.statements == ["SELECT 'a?b' || $1, e'\\\\' || $2, x$y, $1x FROM t WHERE \"q?\" = $3"])
        #expect(text.placeholderCount == 3)
    }

    @Test func splitsStatementsAtTopLevelSemicolonsOnly() {
        let text = PostgresStatementText("CREATE TABLE a (x TEXT DEFAULT ';');\n  INSERT INTO a VALUES ('x;y');\n\n")
        #expect(text.statements == ["CREATE TABLE a (x TEXT DEFAULT ';')", "\n  INSERT INTO a VALUES ('x;y')"])
        #expect(text.placeholderCount == 0)
    }

    @Test func keepsNonASCIIText() {
        let text = PostgresStatementText("SELECT 'pommes ? fraîches' , ? AS \"prix€\"")
        #expect(text.statements == ["SELECT 'pommes ? fraîches' , $1 AS \"prix€\""])
    }
}
